#pragma once

// Shared data and configs for the trainer tests (tests/train, tests/cli).

#include "text/tagscheme.h"
#include "train/config/trainconfig.h"
#include "train/data/corpus.h"
#include "train/data/corpusloader.h"

#include <fstream>
#include <set>
#include <string>
#include <vector>

namespace spanforge::train::testing {

inline const char* const kDemoTrain = SPANFORGE_RESOURCES_DIR "/demo/train.txt";
inline const char* const kDemoDev = SPANFORGE_RESOURCES_DIR "/demo/dev.txt";

inline const Corpus& demoTrain() {
  static const Corpus c = CorpusLoader::fromFile(kDemoTrain).corpus;
  return c;
}

inline const Corpus& demoDev() {
  static const Corpus c = CorpusLoader::fromFile(kDemoDev).corpus;
  return c;
}

inline Corpus head(const Corpus& c, size_t n, size_t from = 0) {
  Corpus out;
  for (size_t i = from; i < c.size() && i < from + n; ++i) out.add(c[i]);
  return out;
}

// The sentences' tokens, as unlabelled text (pretraining's input).
inline std::vector<std::vector<std::string>> textOf(const Corpus& c) {
  std::vector<std::vector<std::string>> out;
  for (const auto& e : c.examples()) out.push_back(e.tokens);
  return out;
}

// The corpus with only the spans of `keep` labels.
inline Corpus onlyLabels(const Corpus& c, const std::set<std::string>& keep) {
  Corpus out;
  for (Example e : c.examples()) {
    std::vector<text::TokenSpan> spans;
    for (const auto& s : e.spans)
      if (keep.count(s.label)) spans.push_back(s);
    e.spans = std::move(spans);
    out.add(std::move(e));
  }
  return out;
}

// Small enough to train 40 steps on 200 sentences in a few seconds.
inline TrainConfig tinyConfig() {
  TrainConfig c;
  c.model.hashRows = 2000;
  c.model.hashSeeds = 2;
  c.model.wordDim = 32;
  c.model.charDim = 16;
  c.model.charFilters = 32;
  c.model.hidden = 48;
  c.model.dropout = 0.1;
  c.training.seed = 1;
  c.training.learningRate = 0.005;
  c.training.batchWords = 300;
  c.training.evalFrequency = 10;
  c.training.maxSteps = 40;
  c.training.patience = 0;
  c.data.minExamples = 10;
  c.device.device = "cpu";
  c.device.threads = 1;
  return c;
}

// tinyConfig with a short pretraining: checkpoints every 5 steps.
inline TrainConfig pretrainTestConfig(int64_t steps) {
  TrainConfig c = tinyConfig();
  c.pretraining.maxSteps = steps;
  c.pretraining.checkpointEvery = 5;
  c.pretraining.batchWords = 300;
  c.pretraining.learningRate = 0.003;
  return c;
}

// CoNLL (token TAB IOB2 tag) for the CLI.
inline void writeConll(const std::string& path, const Corpus& c) {
  std::ofstream out(path, std::ios::binary);
  for (const auto& e : c.examples()) {
    const auto tags = text::spansToTags(e.spans, e.tokens.size(), text::TagScheme::IOB2).tags;
    for (size_t i = 0; i < e.tokens.size(); ++i) out << e.tokens[i] << "\t" << tags[i] << "\n";
    out << "\n";
  }
}

}  // namespace spanforge::train::testing
