// GpuMonitor on the machine the tests run on: without the NVIDIA driver's
// NVML it is silently unavailable; with it, what it reads is sane.
#include "train/device/gpumonitor.h"

#include "catchapi.h"

#include <dlfcn.h>

using namespace spanforge::train;

namespace {

bool nvmlInstalled() {
  void* library = dlopen("libnvidia-ml.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (library) dlclose(library);
  return library != nullptr;
}

}  // namespace

TEST_CASE("GPU monitor: unavailable without libnvidia-ml.so.1") {
  if (nvmlInstalled()) {
    WARN("libnvidia-ml.so.1 is installed here: nothing to check");
    return;
  }
  for (int i = 0; i < 2; ++i) {  // loading nothing twice is as fine as once
    GpuMonitor gpu;
    CHECK_FALSE(gpu.available());
    CHECK_FALSE(gpu.sample(0));
  }
}

TEST_CASE("GPU monitor: with NVML, figures within bounds") {
  GpuMonitor gpu;
  CHECK_FALSE(gpu.sample(-1));
  if (!gpu.available()) return;  // no driver (or no GPU) here
  CHECK_FALSE(gpu.sample(1 << 20));
  if (const auto s = gpu.sample(0)) {
    CHECK(s->utilisationPercent >= 0.0);
    CHECK(s->utilisationPercent <= 100.0);
    CHECK(s->usedBytes <= s->totalBytes);
    CHECK(s->totalBytes > 0);
  }
}
