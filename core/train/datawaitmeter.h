#pragma once

namespace spanforge::train {

// The share of recent steps' time spent waiting for the batches' tensors
// (building them, or for the prefetch thread): both times decay by
// ThroughputMeter::kDecay per step, so the figure follows changes as words/s
// does instead of settling on the run's average.
class DataWaitMeter {
 public:
  void add(double waitSeconds, double stepSeconds);
  double percent() const;  // 0..100; 0 before the first add()

 private:
  double wait_ = 0.0;
  double step_ = 0.0;
};

}  // namespace spanforge::train
