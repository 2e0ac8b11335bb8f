#include "train/device/computedevice.h"

#include "train/device/processmemory.h"

#include <torch/cuda.h>
#include <torch/types.h>

#ifdef SPANFORGE_WITH_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#endif

namespace spanforge::train {
#ifdef SPANFORGE_WITH_CUDA
namespace {

// The CUDA device index of a device name, or -1 for the CPU / a bad name.
int cudaIndex(const std::string& device) {
  try {
    const torch::Device d(device);
    if (!d.is_cuda()) return -1;
    return d.has_index() ? d.index() : 0;
  } catch (const std::exception&) {
    return -1;
  }
}

}  // namespace
#endif

std::string ComputeDevice::resolve(const std::string& setting) {
  if (setting != "auto") return setting;
  return cudaAvailable() ? "cuda" : "cpu";
}

bool ComputeDevice::cudaAvailable() { return torch::cuda::is_available(); }

bool ComputeDevice::cudaCompiled() {
#ifdef SPANFORGE_WITH_CUDA
  return true;
#else
  return false;
#endif
}

MemoryUsage ComputeDevice::memory(const std::string& device) {
#ifdef SPANFORGE_WITH_CUDA
  const int index = cudaIndex(device);
  if (index >= 0 && cudaAvailable()) {
    using namespace c10::cuda::CUDACachingAllocator;
    const DeviceStats s = getDeviceStats(index);
    constexpr auto all = static_cast<size_t>(StatType::AGGREGATE);
    MemoryUsage m;
    m.kind = MemoryKind::Cuda;
    m.currentBytes = s.allocated_bytes[all].current;
    m.peakBytes = s.allocated_bytes[all].peak;
    m.reservedBytes = s.reserved_bytes[all].current;
    return m;
  }
#else
  (void)device;
#endif
  return ProcessMemory::read();
}

void ComputeDevice::resetPeak(const std::string& device) {
#ifdef SPANFORGE_WITH_CUDA
  const int index = cudaIndex(device);
  if (index >= 0 && cudaAvailable()) c10::cuda::CUDACachingAllocator::resetPeakStats(index);
#else
  (void)device;
#endif
}

void ComputeDevice::releaseCache(const std::string& device) {
#ifdef SPANFORGE_WITH_CUDA
  if (cudaIndex(device) >= 0 && cudaAvailable()) c10::cuda::CUDACachingAllocator::emptyCache();
#else
  (void)device;
#endif
}

}  // namespace spanforge::train
