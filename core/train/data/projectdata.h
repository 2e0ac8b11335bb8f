#pragma once

#include "train/config/trainconfig.h"
#include "train/data/corpus.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::train {

// The data a GUI training run uses: a project's accepted documents (see
// CorpusLoader::fromProject), with the dev set either from the project (its
// documents marked dev, else a seeded draw of data.dev_fraction) or from a
// file; with a dev file every accepted non-test document trains.
struct TrainingData {
  Corpus train;
  Corpus dev;
  Corpus test;
  std::string devSource;  // how dev was chosen, in words ("a seeded 20% draw, seed 0")
  // The project's documents held out as dev, to be stored with the run
  // (store::RunRepository::setDevDocuments); empty when dev is a file.
  std::vector<int64_t> devDocumentIds;
  int64_t documents = 0;  // accepted documents read
  int64_t skipped = 0;    // left out (misaligned spans, no tokens), see warnings
  std::vector<std::string> warnings;

  // Throws io::InputError for a dev file that cannot be read.
  static TrainingData load(store::ProjectStore& project, const DataSettings& settings,
                           const std::string& devFile = {});
};

}  // namespace spanforge::train
