#pragma once

// WNUT-17 data files and a config that trains in a second or two, for the
// CLI tests of rank and al-simulate.
#include "../train/traintestdata.h"
#include "tempdir.h"
#include "train/config/tomlconfig.h"

#include <cstdint>
#include <fstream>
#include <string>

namespace spanforge::testing {

struct CliDataFiles {
  std::string train, dev, test, config;
};

// 200 training sentences, 60 dev and 60 test; `maxSteps` steps, evaluating every 5.
inline CliDataFiles makeFiles(const TempDir& dir, int64_t maxSteps) {
  using namespace spanforge::train::testing;
  CliDataFiles f{dir.file("train.conll"), dir.file("dev.conll"), dir.file("test.conll"),
                 dir.file("tiny.toml")};
  writeConll(f.train, head(demoTrain(), 200));
  writeConll(f.dev, head(demoDev(), 60));
  writeConll(f.test, head(demoDev(), 60, 60));
  auto config = tinyConfig();
  config.training.maxSteps = maxSteps;
  config.training.evalFrequency = 5;
  std::ofstream(f.config) << spanforge::train::toToml(config);
  return f;
}

}  // namespace spanforge::testing
