#pragma once

#include <string>

namespace spanforge::train {

// The libtorch this binary was built against, for --version and bug reports.
class TorchBuild {
 public:
  static std::string torchVersion();  // "2.6.0" (libtorch's own version.h)
  // The CUDA runtime version libtorch was built for ("12.4"); empty for a CPU
  // build of libtorch. Needs no GPU.
  static std::string cudaVersion();
  // "libtorch 2.6.0, CUDA 12.4" or "libtorch 1.13.0, CPU only".
  static std::string summary();
};

}  // namespace spanforge::train
