#pragma once

#include "train/config/trainconfig.h"
#include "train/data/corpus.h"

#include <string>

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::active {

// The sets a simulation on a project's accepted documents uses: the pool
// (whose gold spans play the annotator), the dev set as a training run would
// choose it, and the test set: the documents marked test or, when there are
// none, a seeded share of the training documents held out of the pool.
struct AlSimulationData {
  train::Corpus pool;
  train::Corpus dev;
  train::Corpus test;
  std::string devSource;   // in words, as TrainingData says it
  std::string testSource;  // "the 120 documents marked test" / "a seeded 20% of ..."

  // Throws train::TrainingError when a set would be empty or the pool has
  // fewer than data.min_examples sentences.
  static AlSimulationData fromProject(store::ProjectStore& project,
                                      const train::DataSettings& settings,
                                      double testFraction = 0.2);
};

}  // namespace spanforge::active
