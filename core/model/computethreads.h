#pragma once

namespace spanforge::model {

// CPU thread settings for torch work. Call apply() at the start of every
// thread that trains or predicts: libtorch's intra-op (OpenMP) setting is
// per thread. It also keeps OpenBLAS's own pool, which libtorch leaves alone
// and which is process-wide, at one thread: left alone it starts a
// busy-waiting thread per core (on the 2-core machines measured, that halved
// single-thread training speed), and set to two beside torch's two the
// default model trained at 700 words/s instead of 5,300 (Debian 13). It was
// once set to `threads`, until a ParallelFor worker's apply(1) reset it for
// the whole process: the setting changed at a run's first evaluation.
class ComputeThreads {
 public:
  // threads >= 1; 0 picks the default (1, the fastest measured).
  static void apply(int threads);
  static int current();  // torch's intra-op thread count in this thread
};

}  // namespace spanforge::model
