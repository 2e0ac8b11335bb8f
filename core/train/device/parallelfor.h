#pragma once

#include <cstddef>
#include <functional>

namespace spanforge::train {

// Runs fn(0) ... fn(n - 1) on `threads` threads (the caller's included),
// item i on thread i % threads, each thread with one intra-op torch thread.
// Inference parallelises this way, across batches: two predicting threads
// ran 2x faster on the 2-core machines measured, where two intra-op threads
// made training slower. fn must be safe to run concurrently for different
// items. Rethrows the first exception after all threads have stopped.
class ParallelFor {
 public:
  static void run(size_t n, int threads, const std::function<void(size_t)>& fn);
  // threads > 0 as given; 0 = one per core.
  static int resolve(int threads);
};

}  // namespace spanforge::train
