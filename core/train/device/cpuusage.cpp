#include "train/device/cpuusage.h"

#include <sys/resource.h>

namespace spanforge::train {
namespace {

double seconds(const timeval& t) {
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6;
}

// User + system time of every thread of this process; -1 when unreadable.
double processCpuSeconds() {
  rusage u{};
  if (getrusage(RUSAGE_SELF, &u) != 0) return -1.0;
  return seconds(u.ru_utime) + seconds(u.ru_stime);
}

}  // namespace

CpuUsage::CpuUsage() : cpuSeconds_(processCpuSeconds()), wall_(std::chrono::steady_clock::now()) {}

double CpuUsage::sample() {
  const double cpu = processCpuSeconds();
  const auto wall = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(wall - wall_).count();
  const double used = cpu - cpuSeconds_;
  const bool known = cpu >= 0 && cpuSeconds_ >= 0;
  cpuSeconds_ = cpu;
  wall_ = wall;
  if (!known) return -1.0;
  if (elapsed <= 0) return 0.0;
  return used > 0 ? 100.0 * used / elapsed : 0.0;
}

}  // namespace spanforge::train
