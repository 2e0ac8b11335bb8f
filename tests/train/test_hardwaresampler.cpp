// HardwareSampler: which GPU a device string names, and CPU-only sampling
// for a CPU device (or a CUDA one without NVML).
#include "train/device/hardwaresampler.h"

#include "catchapi.h"

using namespace spanforge::train;

TEST_CASE("hardware sampler: the GPU index of a device") {
  CHECK(HardwareSampler::gpuIndex("cuda") == 0);
  CHECK(HardwareSampler::gpuIndex("cuda:0") == 0);
  CHECK(HardwareSampler::gpuIndex("cuda:3") == 3);
  CHECK(HardwareSampler::gpuIndex("cpu") == -1);
  CHECK(HardwareSampler::gpuIndex("cuda:") == -1);
  CHECK(HardwareSampler::gpuIndex("cuda:1x") == -1);
  CHECK(HardwareSampler::gpuIndex("cuda:-1") == -1);
  CHECK(HardwareSampler::gpuIndex("mps") == -1);
}

TEST_CASE("hardware sampler: the CPU always, no GPU on the CPU") {
  HardwareSampler cpu("cpu");
  for (int i = 0; i < 3; ++i) {
    const HardwareSample s = cpu.sample();
    CHECK(s.cpuPercent >= 0.0);
    CHECK(s.gpuPercent == -1.0);
    CHECK(s.gpuMemoryBytes == -1);
  }
  HardwareSampler cuda("cuda:0");  // no GPU figures unless NVML answers
  const HardwareSample s = cuda.sample();
  CHECK(s.cpuPercent >= 0.0);
  CHECK((s.gpuPercent == -1.0) == (s.gpuMemoryBytes == -1));
}
