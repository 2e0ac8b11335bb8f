#include "train/device/torchbuild.h"

#include <ATen/detail/CUDAHooksInterface.h>
#include <torch/version.h>

namespace spanforge::train {

std::string TorchBuild::torchVersion() { return TORCH_VERSION; }

std::string TorchBuild::cudaVersion() {
  try {
    // CUDART_VERSION of libtorch's CUDA build (12040 for 12.4); a CPU build
    // has no CUDA hooks and throws.
    const long v = at::detail::getCUDAHooks().versionCUDART();
    if (v <= 0) return {};
    return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
  } catch (const std::exception&) {
    return {};
  }
}

std::string TorchBuild::summary() {
  const std::string cuda = cudaVersion();
  return "libtorch " + torchVersion() + (cuda.empty() ? ", CPU only" : ", CUDA " + cuda);
}

}  // namespace spanforge::train
