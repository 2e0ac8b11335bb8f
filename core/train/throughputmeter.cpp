#include "train/throughputmeter.h"

namespace spanforge::train {

void ThroughputMeter::add(int64_t words, double seconds) {
  words_ = words_ * kDecay + static_cast<double>(words);
  seconds_ = seconds_ * kDecay + seconds;
}

double ThroughputMeter::wordsPerSecond() const { return seconds_ > 0 ? words_ / seconds_ : 0.0; }

}  // namespace spanforge::train
