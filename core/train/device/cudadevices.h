#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::train {

struct CudaDeviceInfo {
  int index = 0;
  std::string name;        // e.g. "NVIDIA GeForce RTX 3090"
  int64_t totalBytes = 0;  // device memory
  std::string device() const { return "cuda:" + std::to_string(index); }  // the config value
};

// The CUDA devices training could use, for the GUI's device chooser. Empty
// with a CPU build of libtorch (SPANFORGE_WITH_CUDA unset) or without a GPU.
class CudaDevices {
 public:
  static std::vector<CudaDeviceInfo> list();
};

}  // namespace spanforge::train
