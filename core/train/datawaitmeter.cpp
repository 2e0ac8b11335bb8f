#include "train/datawaitmeter.h"

#include "train/throughputmeter.h"

#include <algorithm>

namespace spanforge::train {

void DataWaitMeter::add(double waitSeconds, double stepSeconds) {
  wait_ = wait_ * ThroughputMeter::kDecay + waitSeconds;
  step_ = step_ * ThroughputMeter::kDecay + stepSeconds;
}

double DataWaitMeter::percent() const {
  return step_ > 0 ? std::clamp(100.0 * wait_ / step_, 0.0, 100.0) : 0.0;
}

}  // namespace spanforge::train
