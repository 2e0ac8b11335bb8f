#pragma once

#include "train/device/cpuusage.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

namespace spanforge::train {

class GpuMonitor;

// What a training step reports about the hardware.
struct HardwareSample {
  double cpuPercent = -1.0;     // this process since the previous sample; -1 when unknown
  double gpuPercent = -1.0;     // the training GPU's utilisation; -1 when unknown
  int64_t gpuMemoryBytes = -1;  // used on that GPU (by every process); -1 when unknown
};

// The CPU use of this process and, when training on an NVIDIA GPU with its
// driver's NVML, that GPU's utilisation and memory, for the step events.
class HardwareSampler {
 public:
  static constexpr std::chrono::seconds kGpuInterval{1};

  // Watches the GPU of `device` when it is "cuda" or "cuda:N"; any other
  // device: the CPU only.
  explicit HardwareSampler(const std::string& device);
  ~HardwareSampler();
  HardwareSampler(const HardwareSampler&) = delete;
  HardwareSampler& operator=(const HardwareSampler&) = delete;

  // The CPU since the previous call. The GPU at most every kGpuInterval
  // (NVML's utilisation is an average over up to a second anyway), the last
  // reading in between.
  HardwareSample sample();

  // N of "cuda:N", 0 for "cuda", -1 for any other device.
  static int gpuIndex(const std::string& device);

 private:
  CpuUsage cpu_;
  std::unique_ptr<GpuMonitor> gpu_;  // only for a CUDA device, while NVML answers
  int gpuIndex_;
  std::chrono::steady_clock::time_point gpuReadAt_;
  bool gpuRead_ = false;
  HardwareSample last_;
};

}  // namespace spanforge::train
