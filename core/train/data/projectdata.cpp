#include "train/data/projectdata.h"

#include "train/data/corpusloader.h"

#include <cmath>

namespace spanforge::train {

TrainingData TrainingData::load(store::ProjectStore& project, const DataSettings& settings,
                                const std::string& devFile) {
  ProjectCorpora loaded = CorpusLoader::fromProject(project, settings);
  TrainingData out;
  out.test = std::move(loaded.test);
  out.documents = loaded.documents;
  out.skipped = loaded.skipped;
  out.warnings = std::move(loaded.warnings);
  if (devFile.empty()) {
    out.train = std::move(loaded.train);
    out.dev = std::move(loaded.dev);
    out.devDocumentIds = std::move(loaded.devIds);
    out.devSource = loaded.devFromSplit
                        ? std::string("the documents marked dev")
                        : "a seeded " + std::to_string(std::lround(settings.devFraction * 100)) +
                              "% draw, seed " + std::to_string(settings.devSeed);
    return out;
  }
  LoadedCorpus dev = CorpusLoader::fromFile(devFile);
  out.train = std::move(loaded.train);
  for (const Example& e : loaded.dev.examples()) out.train.add(e);
  out.dev = std::move(dev.corpus);
  out.devSource = devFile;
  for (auto& w : dev.warnings)
    if (out.warnings.size() < CorpusLoader::kMaxWarnings) out.warnings.push_back(std::move(w));
  return out;
}

}  // namespace spanforge::train
