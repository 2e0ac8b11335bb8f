#include "train/data/datarequirements.h"

#include "train/trainingerror.h"

namespace spanforge::train {

void DataRequirements::validate(const TrainConfig& config, const Corpus& train, const Corpus& dev) {
  if (train.empty() || train.words() == 0)
    throw TrainingError("no training data: the training set has no sentences with tokens");
  const auto n = static_cast<int64_t>(train.size());
  if (n < config.data.minExamples)
    throw TrainingError("only " + std::to_string(n) + " training sentence(s); at least " +
                        std::to_string(config.data.minExamples) +
                        " are needed (data.min_examples)");
  if (train.entities() == 0)
    throw TrainingError(
        "the training data has no entity spans: every token has the same tag (O), so there is "
        "nothing to learn");
  if (dev.empty() || dev.words() == 0)
    throw TrainingError("no dev data: the dev set has no sentences with tokens");
  if (dev.entities() == 0)
    throw TrainingError(
        "the dev data has no entity spans, so dev F1 would be 0 whatever the model learns");
}

}  // namespace spanforge::train
