#pragma once

#include "train/data/corpus.h"

namespace spanforge::train {

// The dev set in two parts, so that the temperature is fitted on sentences
// that did not choose the checkpoint: the checkpoint that scored best on a
// dev set is flattered by it (on wikigold, a temperature fitted on the
// selecting half left a test ECE of 0.127, one fitted on the other half
// 0.046). The calibration part is the last `share` of the sentences, so
// files in document order keep documents whole.
struct CalibrationSplit {
  Corpus selection;    // picks the best checkpoint (early stopping)
  Corpus calibration;  // fits the temperature; empty: the selection part does both

  // share in [0, 1); 0, or too few sentences for two non-empty parts: all
  // of `dev` selects.
  static CalibrationSplit of(const Corpus& dev, double share);
  // How many of n dev sentences (or documents: a project's dev document is
  // one sentence of its corpus) are kept from selection: the last ones.
  static size_t held(size_t n, double share);
  // The first of n that fits the temperature: n - held(), or 0 when none is
  // held (all of them select and calibrate).
  static size_t firstCalibrating(size_t n, double share);
};

}  // namespace spanforge::train
