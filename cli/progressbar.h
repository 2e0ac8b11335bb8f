#pragma once

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

namespace spanforge::cli {

// A one-line progress bar redrawn in place with '\r'; silent when the stream
// is not a terminal, so logs and pipes stay clean.
class ProgressBar {
 public:
  ProgressBar(std::ostream& out, bool enabled, std::string label);
  ~ProgressBar();

  // Redraws at most ten times a second.
  void update(int64_t done, int64_t total, const std::string& detail = {});
  void finish();

 private:
  std::ostream& out_;
  bool enabled_;
  bool drawn_ = false;
  std::string label_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point lastDraw_;
};

}  // namespace spanforge::cli
