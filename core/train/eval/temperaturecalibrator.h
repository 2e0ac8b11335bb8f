#pragma once

#include "train/data/corpus.h"

namespace spanforge::model {
class NerModel;
}

namespace spanforge::train {

// Fits a model's temperature (model::TemperatureFit) on a labelled corpus,
// the dev set: what the trainer stores in every package and `spanforge-cli
// calibrate` refits for an existing one.
class TemperatureCalibrator {
 public:
  // The temperature giving the gold paths of `dev` the least negative
  // log-likelihood under `model` (its own temperature is not used); 1 when
  // `dev` has no sentences.
  static double fit(const Corpus& dev, const model::NerModel& model);
};

}  // namespace spanforge::train
