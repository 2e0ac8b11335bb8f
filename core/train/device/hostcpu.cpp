#include "train/device/hostcpu.h"

#include <unistd.h>

#include <fstream>
#include <thread>

namespace spanforge::train {

HostCpu HostCpu::read() {
  HostCpu cpu;
  cpu.name = "CPU";
  std::ifstream info("/proc/cpuinfo");
  for (std::string line; std::getline(info, line);) {
    if (line.rfind("model name", 0) != 0) continue;
    const auto colon = line.find(':');
    if (colon != std::string::npos && colon + 2 <= line.size()) cpu.name = line.substr(colon + 2);
    break;
  }
  cpu.threads = static_cast<int>(std::thread::hardware_concurrency());
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long pageSize = sysconf(_SC_PAGESIZE);
  if (pages > 0 && pageSize > 0) cpu.memoryBytes = static_cast<int64_t>(pages) * pageSize;
  return cpu;
}

}  // namespace spanforge::train
