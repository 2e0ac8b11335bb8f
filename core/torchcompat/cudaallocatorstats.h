#pragma once

#include <cstdint>

namespace spanforge::torchcompat {

// What libtorch's CUDA caching allocator holds on one device, all pools
// together. Its statistics types moved in libtorch 2.5 (StatType from
// c10::cuda::CUDACachingAllocator to c10::CachingDeviceAllocator). Only in a
// CUDA build (SPANFORGE_WITH_CUDA); the device must exist.
struct CudaAllocatorStats {
  int64_t allocatedBytes = 0;
  int64_t peakAllocatedBytes = 0;
  int64_t reservedBytes = 0;
};

CudaAllocatorStats cudaAllocatorStats(int device);

}  // namespace spanforge::torchcompat
