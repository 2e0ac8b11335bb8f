#pragma once

#include "train/config/trainconfig.h"

#include <cstdint>

namespace spanforge::train {

// Words per batch at each step: batchWords ("fixed"), or spaCy's compounding
// schedule batchStart * batchCompound^(step - 1), capped at batchStop.
class BatchSizeSchedule {
 public:
  explicit BatchSizeSchedule(const TrainingSettings& settings);

  // step is 1-based; steps < 1 count as 1. Always >= 1.
  int64_t at(int64_t step) const;

 private:
  bool compounding_;
  int64_t fixed_;
  double start_;
  double stop_;
  double factor_;
};

}  // namespace spanforge::train
