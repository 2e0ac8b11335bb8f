#include "train/device/processcount.h"

#include "train/device/computedevice.h"

#include <torch/torch.h>

#include <fstream>
#include <set>
#include <string>
#include <thread>
#include <utility>

namespace spanforge::train {
namespace {

int readInt(const std::string& path) {
  std::ifstream in(path);
  int v = -1;
  in >> v;
  return in ? v : -1;
}

}  // namespace

int physicalCores() {
  std::set<std::pair<int, int>> cores;
  const unsigned logical = std::thread::hardware_concurrency();
  for (unsigned cpu = 0; cpu < logical; ++cpu) {
    const std::string dir = "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/topology/";
    const int core = readInt(dir + "core_id");
    const int package = readInt(dir + "physical_package_id");
    if (core < 0 || package < 0) return logical > 0 ? static_cast<int>(logical) : 1;
    cores.insert({package, core});
  }
  return cores.empty() ? 1 : static_cast<int>(cores.size());
}

int resolveProcesses(long long setting, const std::string& device) {
  if (setting > 0) return static_cast<int>(setting);
  if (ComputeDevice::isCuda(device)) {
    const auto gpus = static_cast<int>(torch::cuda::device_count());
    return gpus > 0 ? gpus : 1;
  }
  return physicalCores();
}

}  // namespace spanforge::train
