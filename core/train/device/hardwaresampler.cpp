#include "train/device/hardwaresampler.h"

#include "train/device/gpumonitor.h"

#include <cstdlib>

namespace spanforge::train {

HardwareSampler::HardwareSampler(const std::string& device) : gpuIndex_(gpuIndex(device)) {
  if (gpuIndex_ < 0) return;
  gpu_ = std::make_unique<GpuMonitor>();
  if (!gpu_->available()) gpu_.reset();
}

HardwareSampler::~HardwareSampler() = default;

int HardwareSampler::gpuIndex(const std::string& device) {
  if (device == "cuda") return 0;
  if (device.rfind("cuda:", 0) != 0) return -1;
  char* end = nullptr;
  const long index = std::strtol(device.c_str() + 5, &end, 10);
  return end != device.c_str() + 5 && *end == '\0' && index >= 0 ? static_cast<int>(index) : -1;
}

HardwareSample HardwareSampler::sample() {
  last_.cpuPercent = cpu_.sample();
  const auto now = std::chrono::steady_clock::now();
  if (gpu_ && (!gpuRead_ || now - gpuReadAt_ >= kGpuInterval)) {
    gpuRead_ = true;
    gpuReadAt_ = now;
    const auto g = gpu_->sample(gpuIndex_);
    last_.gpuPercent = g ? g->utilisationPercent : -1.0;
    last_.gpuMemoryBytes = g ? g->usedBytes : -1;
  }
  return last_;
}

}  // namespace spanforge::train
