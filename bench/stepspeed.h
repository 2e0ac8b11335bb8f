#pragma once

#include "train/trainevent.h"

namespace spanforge::bench {

// Training words/s and the share of that time spent waiting for data, over
// the intervals between consecutive steps that hold no evaluation (whose time
// is not training). Observers feed it their step and evaluation events.
class StepSpeed {
 public:
  void onStep(const train::StepEvent& e) {
    if (last_ >= 0 && !evaluated_) {
      words_ += static_cast<double>(e.batchWords);
      seconds_ += e.elapsedSeconds - last_;
      waited_ += e.dataWaitSeconds;
    }
    evaluated_ = false;
    last_ = e.elapsedSeconds;
  }
  void onEvaluation() { evaluated_ = true; }

  double wordsPerSecond() const { return seconds_ > 0 ? words_ / seconds_ : 0.0; }
  double dataWaitPercent() const { return seconds_ > 0 ? 100.0 * waited_ / seconds_ : 0.0; }

 private:
  double last_ = -1.0;
  bool evaluated_ = false;
  double words_ = 0.0, seconds_ = 0.0, waited_ = 0.0;
};

}  // namespace spanforge::bench
