#pragma once

#include <cstdint>
#include <memory>
#include <optional>

namespace spanforge::train {

// One GPU as NVML reports it.
struct GpuSample {
  double utilisationPercent = 0.0;  // time a kernel ran, over the driver's last sample period
  int64_t usedBytes = 0;            // by every process on the GPU, not only this one
  int64_t totalBytes = 0;
};

// GPU utilisation and memory through NVML, the library the NVIDIA driver
// installs (libnvidia-ml.so.1). It is loaded at run time, so building needs
// no CUDA toolkit and a machine without the driver simply has no monitor.
// NVML numbers devices in PCI bus order, as nvidia-smi does; CUDA's order
// (and CUDA_VISIBLE_DEVICES) can differ.
class GpuMonitor {
 public:
  // Loads and initialises NVML; silently unavailable when the library, one
  // of its functions or its initialisation is missing.
  GpuMonitor();
  ~GpuMonitor();
  GpuMonitor(const GpuMonitor&) = delete;
  GpuMonitor& operator=(const GpuMonitor&) = delete;

  bool available() const { return impl_ != nullptr; }
  // NVML's device `index` now; nullopt when unavailable or there is no such
  // device.
  std::optional<GpuSample> sample(int index) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;  // null when unavailable
};

}  // namespace spanforge::train
