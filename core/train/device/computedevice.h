#pragma once

#include "train/trainevent.h"

#include <string>

namespace spanforge::train {

// Device choice and memory figures for training. The CUDA parts are compiled
// only against a CUDA build of libtorch (SPANFORGE_WITH_CUDA, set by CMake);
// with a CPU libtorch, CUDA is simply never available.
class ComputeDevice {
 public:
  // "auto" -> "cuda" when torch::cuda::is_available(), else "cpu"; any other
  // setting is returned unchanged (NerModel::setDevice validates it).
  static std::string resolve(const std::string& setting);
  // Whether a resolved device setting names a CUDA device ("cuda", "cuda:N").
  static bool isCuda(const std::string& device) { return device.rfind("cuda", 0) == 0; }
  // The N of "cuda:N"; 0 for "cuda".
  static int cudaIndex(const std::string& device);
  // Whether a CUDA device can be used: a CUDA build, a driver and a GPU.
  // Asks the CUDA runtime once per process, never through torch, so a
  // machine without a driver gets no CUDA warning on stderr.
  static bool cudaAvailable();
  // Why CUDA cannot be used here ("" when it can), e.g. "no NVIDIA GPU or
  // driver was found (CUDA: no CUDA-capable device is detected)".
  static std::string cudaProblem();
  // Throws std::runtime_error saying what is missing when `device` (cpu,
  // cuda, cuda:N) cannot be used here; the check before any training starts.
  static void require(const std::string& device);
  // Whether this binary was built against a CUDA libtorch.
  static bool cudaCompiled();

  // CUDA allocator statistics (allocated now and at peak, reserved) for a
  // CUDA device; the process's resident memory for the CPU.
  static MemoryUsage memory(const std::string& device);
  // Starts a new peak for memory() on a CUDA device (no-op on the CPU).
  static void resetPeak(const std::string& device);
  // Hands a CUDA device's cached free blocks back to the driver (after an
  // out-of-memory error); no-op on the CPU.
  static void releaseCache(const std::string& device);
  // Caps what libtorch's caching allocator may hold on a CUDA device at
  // `fraction` of the device's memory; beyond it allocations fail as out of
  // memory (for sharing a card, and for tests that must not take all of it).
  // Empties the allocator's cache first; 1 lifts the cap. No-op on the CPU.
  // Throws std::invalid_argument unless 0 < fraction <= 1.
  static void capMemory(const std::string& device, double fraction);
};

}  // namespace spanforge::train
