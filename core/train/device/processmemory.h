#pragma once

#include "train/trainevent.h"

#include <optional>
#include <string_view>

namespace spanforge::train {

// The process's resident memory from /proc/self/status: current (VmRSS) and
// peak (VmHWM). What the dashboard shows when training on the CPU.
class ProcessMemory {
 public:
  // kind Rss; zeros when /proc is not available (not Linux).
  static MemoryUsage read();

  // The VmRSS and VmHWM lines of a /proc/PID/status text, in bytes; nullopt
  // when VmRSS is missing. A missing VmHWM reads as the current value.
  static std::optional<MemoryUsage> parseStatus(std::string_view status);
};

}  // namespace spanforge::train
