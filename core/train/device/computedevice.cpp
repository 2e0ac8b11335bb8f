#include "train/device/computedevice.h"

#include "torchcompat/cudaallocatorstats.h"
#include "train/device/processmemory.h"
#include "train/device/torchbuild.h"

#include <torch/types.h>

#ifdef SPANFORGE_WITH_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#include <cuda_runtime_api.h>
#endif

#include <cstdlib>
#include <mutex>
#include <stdexcept>

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

// libtorch sets up CUDA's caching allocator at the first CUDA tensor; its
// statistics and caps throw "Invalid device argument" before that.
void initAllocator(int index) {
  static std::once_flag once;
  std::call_once(once, [index] {
    (void)at::empty({1},
                    at::TensorOptions().device(at::kCUDA, static_cast<c10::DeviceIndex>(index)));
  });
}

}  // namespace
#endif

namespace {

struct CudaProbe {
  int count = 0;
  std::string problem;
};

// The CUDA runtime's answer, once: torch::cuda::is_available() asks the same
// but prints a warning when there is no driver, and we say it better.
const CudaProbe& probe() {
  static const CudaProbe result = [] {
    CudaProbe p;
#ifdef SPANFORGE_WITH_CUDA
    const cudaError_t e = cudaGetDeviceCount(&p.count);
    if (e != cudaSuccess) {
      p.count = 0;
      p.problem =
          std::string("no NVIDIA GPU or driver was found (CUDA: ") + cudaGetErrorString(e) + ")";
      cudaGetLastError();  // clear it for torch
    } else if (p.count == 0) {
      p.problem = "no NVIDIA GPU was found";
    }
#else
    p.problem =
        "this Spanforge was built against a CPU-only libtorch (" + TorchBuild::summary() +
        "); the GPU needs a build against a CUDA libtorch, such as the spanforge-cuda package";
#endif
    return p;
  }();
  return result;
}

}  // namespace

std::string ComputeDevice::resolve(const std::string& setting) {
  if (setting != "auto") return setting;
  return cudaAvailable() ? "cuda" : "cpu";
}

int ComputeDevice::cudaIndex(const std::string& device) {
  return device.size() > 5 && device[4] == ':' ? std::atoi(device.c_str() + 5) : 0;
}

bool ComputeDevice::cudaAvailable() { return probe().count > 0; }

std::string ComputeDevice::cudaProblem() { return probe().problem; }

void ComputeDevice::require(const std::string& device) {
  if (!isCuda(device)) return;
  if (!cudaAvailable()) throw std::runtime_error(cudaProblem());
  const int index = cudaIndex(device);
  if (index >= probe().count)
    throw std::runtime_error("no CUDA device " + std::to_string(index) + " (this machine has " +
                             std::to_string(probe().count) + ")");
}

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
    initAllocator(index);
    const torchcompat::CudaAllocatorStats s = torchcompat::cudaAllocatorStats(index);
    MemoryUsage m;
    m.kind = MemoryKind::Cuda;
    m.currentBytes = s.allocatedBytes;
    m.peakBytes = s.peakAllocatedBytes;
    m.reservedBytes = s.reservedBytes;
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
  if (index >= 0 && cudaAvailable()) {
    initAllocator(index);
    c10::cuda::CUDACachingAllocator::resetPeakStats(index);
  }
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

void ComputeDevice::capMemory(const std::string& device, double fraction) {
  if (!(fraction > 0.0 && fraction <= 1.0))
    throw std::invalid_argument("a memory fraction must be above 0 and at most 1, not " +
                                std::to_string(fraction));
#ifdef SPANFORGE_WITH_CUDA
  const int index = cudaIndex(device);
  if (index >= 0 && cudaAvailable()) {
    initAllocator(index);
    // Cached free blocks are reused without counting against the cap: hand them back first.
    c10::cuda::CUDACachingAllocator::emptyCache();
    c10::cuda::CUDACachingAllocator::setMemoryFraction(fraction,
                                                       static_cast<c10::DeviceIndex>(index));
  }
#else
  (void)device;
#endif
}

}  // namespace spanforge::train
