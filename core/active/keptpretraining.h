#pragma once

#include "train/config/trainconfig.h"
#include "train/pretrain/pretrainedweights.h"

#include <cstdint>
#include <optional>
#include <string>

namespace spanforge::active {

// The pretraining an interrupted al-simulate run left in its models folder.
// Pretraining is seeded and stops by steps or epochs, so a finished one with
// the same config over the same number of sentences is the one the run would
// do again: `--resume` reuses it, as KeptRound reuses rounds.
class KeptPretraining {
 public:
  // Its pretrain.json when `dir` holds such a pretraining; nothing when it is
  // missing, damaged, a checkpoint on the way, cancelled, made with another
  // config or on other text, or capped by minutes (then where it stopped
  // depends on the machine).
  static std::optional<train::PretrainSummary> find(const std::string& dir,
                                                    const train::TrainConfig& config,
                                                    int64_t sentences);
};

}  // namespace spanforge::active
