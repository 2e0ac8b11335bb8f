#pragma once

namespace spanforge::model {

// CPU thread settings for torch work. Call apply() at the start of every
// thread that trains or predicts: libtorch's intra-op (OpenMP) setting is
// per thread. It also sets OpenBLAS's own pool, which libtorch leaves alone
// and which otherwise starts one busy-waiting thread per core: on the
// 2-core machines measured, that halved single-thread training speed, and
// torch with two threads plus OpenBLAS's two ran 5-15x slower than one.
class ComputeThreads {
 public:
  // threads >= 1; 0 picks the default (1, the fastest measured).
  static void apply(int threads);
  static int current();  // torch's intra-op thread count in this thread
};

}  // namespace spanforge::model
