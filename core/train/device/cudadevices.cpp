#include "train/device/cudadevices.h"

#include "train/device/computedevice.h"

#ifdef SPANFORGE_WITH_CUDA
#include <ATen/cuda/CUDAContext.h>
#include <torch/cuda.h>
#endif

namespace spanforge::train {

std::vector<CudaDeviceInfo> CudaDevices::list() {
  std::vector<CudaDeviceInfo> out;
#ifdef SPANFORGE_WITH_CUDA
  if (!ComputeDevice::cudaAvailable()) return out;
  const auto count = static_cast<int>(torch::cuda::device_count());
  for (int i = 0; i < count; ++i) {
    const cudaDeviceProp* p = at::cuda::getDeviceProperties(i);
    CudaDeviceInfo d;
    d.index = i;
    d.name = p ? p->name : "CUDA device";
    d.totalBytes = p ? static_cast<int64_t>(p->totalGlobalMem) : 0;
    out.push_back(std::move(d));
  }
#endif
  return out;
}

}  // namespace spanforge::train
