#include "train/device/gpumonitor.h"

#include <dlfcn.h>

namespace spanforge::train {

// The few NVML declarations used, as nvml.h has them (no header needed). Not
// anonymous: Impl, declared in the header, holds pointers to functions of them.
using NvmlReturn = int;  // nvmlReturn_t; 0 = NVML_SUCCESS
struct NvmlDeviceStruct;
using NvmlDevice = NvmlDeviceStruct*;
struct NvmlUtilization {
  unsigned int gpu;
  unsigned int memory;
};
struct NvmlMemory {
  unsigned long long total;
  unsigned long long free;
  unsigned long long used;
};

namespace {

constexpr NvmlReturn kSuccess = 0;

template <class F>
bool resolve(void* library, const char* name, F*& out) {
  out = reinterpret_cast<F*>(dlsym(library, name));
  return out != nullptr;
}

}  // namespace

struct GpuMonitor::Impl {
  void* library = nullptr;  // set once NVML is initialised: the destructor undoes both
  NvmlReturn (*init)() = nullptr;
  NvmlReturn (*shutdown)() = nullptr;
  NvmlReturn (*handleByIndex)(unsigned int, NvmlDevice*) = nullptr;
  NvmlReturn (*utilization)(NvmlDevice, NvmlUtilization*) = nullptr;
  NvmlReturn (*memory)(NvmlDevice, NvmlMemory*) = nullptr;

  ~Impl() {
    if (!library) return;
    shutdown();
    dlclose(library);
  }
};

GpuMonitor::GpuMonitor() {
  void* library = dlopen("libnvidia-ml.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (!library) return;
  auto nvml = std::make_unique<Impl>();
  const bool found = resolve(library, "nvmlInit_v2", nvml->init) &&
                     resolve(library, "nvmlShutdown", nvml->shutdown) &&
                     resolve(library, "nvmlDeviceGetHandleByIndex_v2", nvml->handleByIndex) &&
                     resolve(library, "nvmlDeviceGetUtilizationRates", nvml->utilization) &&
                     resolve(library, "nvmlDeviceGetMemoryInfo", nvml->memory);
  if (!found || nvml->init() != kSuccess) {
    dlclose(library);
    return;
  }
  nvml->library = library;
  impl_ = std::move(nvml);
}

GpuMonitor::~GpuMonitor() = default;

std::optional<GpuSample> GpuMonitor::sample(int index) const {
  if (!impl_ || index < 0) return std::nullopt;
  NvmlDevice device = nullptr;
  NvmlUtilization use{};
  NvmlMemory memory{};
  if (impl_->handleByIndex(static_cast<unsigned int>(index), &device) != kSuccess ||
      impl_->utilization(device, &use) != kSuccess || impl_->memory(device, &memory) != kSuccess)
    return std::nullopt;
  GpuSample s;
  s.utilisationPercent = use.gpu;
  s.usedBytes = static_cast<int64_t>(memory.used);
  s.totalBytes = static_cast<int64_t>(memory.total);
  return s;
}

}  // namespace spanforge::train
