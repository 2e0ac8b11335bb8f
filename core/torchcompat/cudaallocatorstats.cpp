#include "torchcompat/cudaallocatorstats.h"

#ifdef SPANFORGE_WITH_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#include <torch/version.h>

#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 5)
#include <c10/core/CachingDeviceAllocator.h>
#define SPANFORGE_STAT_TYPE c10::CachingDeviceAllocator::StatType
#else
#define SPANFORGE_STAT_TYPE c10::cuda::CUDACachingAllocator::StatType
#endif

namespace spanforge::torchcompat {

CudaAllocatorStats cudaAllocatorStats(int device) {
  const auto s =
      c10::cuda::CUDACachingAllocator::getDeviceStats(static_cast<c10::DeviceIndex>(device));
  constexpr auto all = static_cast<size_t>(SPANFORGE_STAT_TYPE::AGGREGATE);
  CudaAllocatorStats out;
  out.allocatedBytes = s.allocated_bytes[all].current;
  out.peakAllocatedBytes = s.allocated_bytes[all].peak;
  out.reservedBytes = s.reserved_bytes[all].current;
  return out;
}

}  // namespace spanforge::torchcompat
#endif
