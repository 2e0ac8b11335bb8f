#pragma once

// Projects with a current model for the model-in-the-loop UI tests. The
// model is trained once per test run, in a second or two, on synthetic
// sentences ("Alice met Acme in Paris .") with the core Trainer; each test
// gets its own project with labels PER (1), ORG (2), LOC (3), an unlabelled
// pool in the same style, and optionally accepted dev documents.
#include "active/modelregistration.h"
#include "store/database.h"
#include "store/projectstore.h"
#include "tempdir.h"
#include "train/config/trainconfig.h"
#include "train/data/corpus.h"
#include "train/package/modelpackage.h"
#include "train/trainer.h"

#include "catchapi.h"

#include <filesystem>
#include <string>
#include <vector>

namespace spanforge::testing {

struct SyntheticSentence {
  std::vector<std::string> tokens;
  std::vector<text::TokenSpan> spans;
};

// Sentence i of a deterministic stream: a person, an organisation and a place
// in one of four patterns. `offset` shifts the names (new ones for pools).
inline SyntheticSentence syntheticSentence(int i, int offset = 0) {
  static const char* const people[] = {"Alice", "Bob",   "Carol", "Dave", "Erin",
                                       "Frank", "Grace", "Heidi", "Ivan", "Judy"};
  static const char* const orgs[] = {"Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark"};
  static const char* const places[] = {"Paris", "Berlin", "Tokyo", "Lima", "Oslo", "Cairo", "Rome"};
  const std::string p = people[(i + offset) % 10], o = orgs[(i * 7 + offset) % 6],
                    l = places[(i * 3 + offset) % 7];
  switch (i % 4) {
    case 0:
      return {{p, "met", o, "in", l, "."}, {{0, 1, "PER"}, {2, 3, "ORG"}, {4, 5, "LOC"}}};
    case 1:
      return {{p, "works", "for", o, "."}, {{0, 1, "PER"}, {3, 4, "ORG"}}};
    case 2:
      return {{o, "opened", "an", "office", "in", l, "."}, {{0, 1, "ORG"}, {5, 6, "LOC"}}};
    default:
      return {{"Yesterday", p, "flew", "to", l, "."}, {{1, 2, "PER"}, {4, 5, "LOC"}}};
  }
}

inline train::Corpus syntheticCorpus(int from, int count) {
  train::Corpus c;
  for (int i = from; i < from + count; ++i) {
    const SyntheticSentence s = syntheticSentence(i);
    c.add({s.tokens, s.spans});
  }
  return c;
}

// The document text of a sentence: tokens joined by spaces, gold spans in
// code points.
inline text::Document syntheticDocument(const SyntheticSentence& s) {
  text::Document d;
  std::vector<int64_t> starts;
  for (const std::string& t : s.tokens) {
    if (!d.text.empty()) d.text += ' ';
    starts.push_back(static_cast<int64_t>(d.text.size()));
    d.text += t;
  }
  for (const auto& span : s.spans)
    d.spans.push_back({starts[size_t(span.first)],
                       starts[size_t(span.last - 1)] +
                           static_cast<int64_t>(s.tokens[size_t(span.last - 1)].size()),
                       span.label});
  return d;
}

// The shared model package (trained on first use).
inline const std::string& tinyModelPackage() {
  static TempDir dir;
  static const std::string path = [] {
    train::TrainConfig c;
    c.model.hashRows = 500;
    c.model.hashSeeds = 2;
    c.model.wordDim = 16;
    c.model.charDim = 8;
    c.model.charFilters = 16;
    c.model.hidden = 24;
    c.model.dropout = 0.0;
    c.training.seed = 3;
    c.training.learningRate = 0.01;
    c.training.batchWords = 200;
    c.training.evalFrequency = 20;
    c.training.maxSteps = 60;
    c.training.patience = 0;
    c.data.minExamples = 10;
    c.device.device = "cpu";
    c.device.threads = 1;
    const std::string out = dir.file("tiny-model");
    train::Trainer trainer(c, syntheticCorpus(0, 120), syntheticCorpus(500, 30), out);
    const auto finished = trainer.run();
    INFO(finished.message);
    REQUIRE(!finished.modelPath.empty());
    return out;
  }();
  return path;
}

struct ModelProject {
  std::string path;
  int64_t modelId = 0;
  std::vector<int64_t> pool;  // unlabelled documents, no predictions stored
  std::vector<int64_t> dev;   // accepted, marked dev
};

// poolSize unlabelled documents with new names; devSize accepted dev
// documents with their gold spans. The tiny model is the current model.
inline ModelProject makeModelProject(const TempDir& dir, int poolSize, int devSize = 0) {
  ModelProject out;
  out.path = dir.file("m.spanforge");
  auto project = store::ProjectStore::create(out.path);
  project->labels().add("PER", "#e6194b", "1");
  project->labels().add("ORG", "#3cb44b", "2");
  project->labels().add("LOC", "#4363d8", "3");
  {
    store::Transaction tx(project->db());
    for (int i = 0; i < poolSize; ++i) {
      text::Document d = syntheticDocument(syntheticSentence(1000 + i, 3));
      d.spans.clear();
      d.text += " #" + std::to_string(i);  // every text distinct
      out.pool.push_back(project->documents().add(d).id);
    }
    for (int i = 0; i < devSize; ++i) {
      text::Document d = syntheticDocument(syntheticSentence(2000 + i, 5));
      d.text += " (" + std::to_string(i) + ")";
      d.status = text::DocStatus::Accepted;
      out.dev.push_back(project->documents().add(d, store::Split::Dev).id);
    }
    tx.commit();
  }
  // A copy beside the project, where trained models live: a package outside
  // the project's folder is loaded only after the user agreed (ModelTrust).
  const std::string package = dir.file("m.models/tiny-model");
  std::filesystem::create_directories(dir.file("m.models"));
  std::filesystem::copy(tinyModelPackage(), package, std::filesystem::copy_options::recursive);
  out.modelId =
      active::ModelRegistration::ensure(*project, package, train::ModelPackage::readInfo(package));
  project->runs().setCurrentModel(out.modelId);
  return out;
}

}  // namespace spanforge::testing
