#pragma once

#include <cstdint>
#include <string>

namespace spanforge::train {

// This machine's processor and memory, as `spanforge-cli devices` lists them.
struct HostCpu {
  std::string name;         // /proc/cpuinfo's "model name", or "CPU"
  int threads = 0;          // hardware threads
  int64_t memoryBytes = 0;  // physical memory

  static HostCpu read();
};

}  // namespace spanforge::train
