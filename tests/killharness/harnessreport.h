#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace spanforge::killharness {

// Counts and failures of a harness run, per workload, and the summary printed
// at the end.
class HarnessReport {
 public:
  // The run the following checks belong to.
  void begin(int run, const std::string& workload, int delayMs);
  void ended(bool killed, int exitCode);
  void check(const std::string& name, bool ok, const std::string& detail = {});
  // Counted, printed, but no failure: something a person would notice.
  void warn(const std::string& what, int64_t n = 1);
  // How the kill landed ("rolled back", "committed", ...), counted per workload.
  void outcome(const std::string& what);

  int64_t kills() const;
  int64_t failures() const { return static_cast<int64_t>(failures_.size()); }
  void print(std::ostream& out, double seconds) const;

 private:
  struct Workload {
    int64_t runs = 0, kills = 0, completed = 0, passed = 0, failed = 0;
    std::map<std::string, int64_t> outcomes;
  };
  std::string where() const;

  std::map<std::string, Workload> workloads_;
  std::vector<std::string> failures_;
  std::map<std::string, int64_t> warnings_;
  std::string current_;
  int run_ = 0;
  int delayMs_ = 0;
};

}  // namespace spanforge::killharness
