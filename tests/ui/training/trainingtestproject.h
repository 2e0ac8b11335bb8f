#pragma once

// A small project to train on in the UI tests: the first sentences of the
// WNUT-17 demo data (resources/demo) imported as accepted gold, and a
// training config small enough that a run takes a second or two.
#include "project/importer.h"
#include "store/projectstore.h"
#include "tempdir.h"
#include "train/config/trainconfig.h"

#include "catchapi.h"

#include <fstream>
#include <string>

namespace spanforge::testing {

inline void makeTrainingProject(const TempDir& dir, const std::string& path, int sentences = 150) {
  std::ifstream in(SPANFORGE_RESOURCES_DIR "/demo/train.txt");
  const std::string conll = dir.file("head.conll");
  std::ofstream out(conll);
  int n = 0;
  for (std::string line; n < sentences && std::getline(in, line);) {
    out << line << "\n";
    if (line.empty()) ++n;
  }
  out.close();
  auto project = store::ProjectStore::create(path);
  project::ImportOptions options;
  options.status = text::DocStatus::Accepted;
  const auto report = project::Importer(*project).run({conll}, options);
  REQUIRE(report.committed);
}

inline train::TrainConfig tinyTrainingConfig(int64_t steps = 20, int64_t evalFrequency = 5) {
  train::TrainConfig c;
  c.model.hashRows = 2000;
  c.model.hashSeeds = 2;
  c.model.wordDim = 32;
  c.model.charDim = 16;
  c.model.charFilters = 32;
  c.model.hidden = 48;
  c.training.seed = 1;
  c.training.learningRate = 0.005;
  c.training.batchWords = 300;
  c.training.evalFrequency = evalFrequency;
  c.training.maxSteps = steps;
  c.training.patience = 0;
  c.data.minExamples = 10;
  c.device.device = "cpu";
  c.device.threads = 1;
  return c;
}

}  // namespace spanforge::testing
