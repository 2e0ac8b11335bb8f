#pragma once

#include "train/config/trainconfig.h"
#include "train/data/corpus.h"
#include "train/package/modelpackage.h"

#include <memory>
#include <string>

namespace spanforge::active {

// A round's package left in a simulation's work directory by an earlier,
// interrupted run of the same simulation. Rounds are deterministic (steps,
// not seconds, end them; ranking is seeded), so a package trained on the
// same labelled set with the same config from the same previous round is
// the model the round would train again: reusing it lets a run that takes
// hours continue where it stopped.
class KeptRound {
 public:
  // The package in `dir` when it matches, else null (nothing there, a
  // cancelled or failed training, other data, another config, another
  // starting point). Throws train::ModelPackageError for a package that
  // matches by meta.json but does not load (a damaged file).
  static std::unique_ptr<train::ModelPackage> find(const std::string& dir,
                                                   const train::TrainConfig& config,
                                                   const train::Corpus& data,
                                                   const std::string& resumeFrom);
};

}  // namespace spanforge::active
