#include "cli/progressbar.h"

#include <cstdio>

namespace spanforge::cli {

ProgressBar::ProgressBar(std::ostream& out, bool enabled, std::string label)
    : out_(out),
      enabled_(enabled),
      label_(std::move(label)),
      start_(std::chrono::steady_clock::now()) {}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::update(int64_t done, int64_t total, const std::string& detail) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - lastDraw_ < std::chrono::milliseconds(100) && done < total) return;
  lastDraw_ = now;
  drawn_ = true;
  constexpr int kWidth = 30;
  const double frac = total > 0 ? std::min(1.0, static_cast<double>(done) / total) : 0.0;
  const int filled = static_cast<int>(frac * kWidth);
  const double secs = std::chrono::duration<double>(now - start_).count();
  char buf[64];
  std::snprintf(buf, sizeof buf, "] %3d%% %5.1fs ", static_cast<int>(frac * 100), secs);
  out_ << '\r' << label_ << " [" << std::string(filled, '#') << std::string(kWidth - filled, '.')
       << buf << detail << "\x1b[K" << std::flush;
}

void ProgressBar::finish() {
  if (enabled_ && drawn_) out_ << "\r\x1b[K" << std::flush;
  drawn_ = false;
}

}  // namespace spanforge::cli
