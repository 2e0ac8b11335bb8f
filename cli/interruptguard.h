#pragma once

#include <atomic>

namespace spanforge::cli {

// While alive, Ctrl-C (SIGINT) sets flag() instead of killing the process, so
// long work can stop between batches and keep what it has; the previous
// handler comes back on destruction. One at a time.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  const std::atomic<bool>& flag() const;
};

}  // namespace spanforge::cli
