#include "train/batchsizeschedule.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace spanforge::train {

BatchSizeSchedule::BatchSizeSchedule(const TrainingSettings& s)
    : compounding_(s.batchSize == "compounding"),
      fixed_(s.batchWords),
      start_(static_cast<double>(s.batchStart)),
      stop_(static_cast<double>(s.batchStop)),
      factor_(s.batchCompound) {
  // "auto" trains with the batchWords its probe chose.
  if (!compounding_ && s.batchSize != "fixed" && s.batchSize != "auto" &&
      s.batchSize != "auto_on_gpu")
    throw std::invalid_argument("unknown batch_size \"" + s.batchSize + "\"");
}

int64_t BatchSizeSchedule::at(int64_t step) const {
  if (!compounding_) return std::max<int64_t>(fixed_, 1);
  const auto n = static_cast<double>(std::max<int64_t>(step, 1) - 1);
  // In logs, so a long run cannot overflow to inf before the cap.
  const double logSize = std::log(start_) + n * std::log(factor_);
  const double size = logSize >= std::log(stop_) ? stop_ : std::exp(logSize);
  return std::max<int64_t>(1, static_cast<int64_t>(std::floor(size + 1e-9)));
}

}  // namespace spanforge::train
