// Packages and pretrained folders from before safetensors (weights.pt, a
// TorchScript archive that runs code when loaded): never loaded implicitly,
// converted only on request (issue 31).
#include "legacyfixture.h"
#include "model/nermodel.h"
#include "tempdir.h"
#include "train/package/legacypackage.h"
#include "train/package/legacypackageerror.h"
#include "train/package/modelpackage.h"
#include "train/package/modelpackageerror.h"
#include "train/pretrain/pretrainedweights.h"
#include "train/pretrain/pretrainer.h"
#include "traintestdata.h"

#include <nlohmann/json.hpp>

#include <filesystem>

using namespace spanforge;
using namespace spanforge::train;
using namespace spanforge::train::testing;
using spanforge::testing::slurp;
using spanforge::testing::TempDir;
namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kLabels = {"location", "person"};

std::string writeLegacyPackage(const TempDir& dir, const std::string& name) {
  const TrainConfig config = tinyConfig();
  torch::manual_seed(5);
  const model::NerModel m(config.model, kLabels);
  PackageInfo info;
  info.trainSentences = 3;
  info.finishReason = "max_steps";
  ModelPackage::write(dir.file(name), m, config, info);
  return dir.file(name);
}

std::vector<model::Prediction> predictions(const model::NerModel& m) {
  std::vector<std::vector<std::string>> sentences;
  for (size_t i = 0; i < 20; ++i) sentences.push_back(demoDev()[i].tokens);
  return m.predict(sentences);
}

void requireSamePredictions(const model::NerModel& a, const model::NerModel& b) {
  const auto pa = predictions(a);
  const auto pb = predictions(b);
  REQUIRE(pa.size() == pb.size());
  for (size_t i = 0; i < pa.size(); ++i) {
    CHECK(pa[i].tags == pb[i].tags);
    CHECK(pa[i].bestPathProbability == pb[i].bestPathProbability);
  }
}

std::string codeArchive(const TempDir& dir) {
  const std::string path = dir.file("payload.pt");
  spanforge::testing::writeCodeArchive(path);
  return slurp(path);
}

bool mentionsUpgrade(const std::string& message, const std::string& dir) {
  return message.find(dir + ": holds weights.pt, a format that can run code when it is loaded") !=
             std::string::npos &&
         message.find("spanforge-cli upgrade-package " + dir + " --trust") != std::string::npos;
}

}  // namespace

TEST_CASE("legacy package: a code-carrying weights.pt is refused and its code never runs") {
  TempDir dir;
  const std::string p = writeLegacyPackage(dir, "m");
  const std::string archive = codeArchive(dir);
  spanforge::testing::makeLegacyPackage(p, &archive);  // checksums recomputed
  const std::string metaBefore = slurp(p + "/meta.json");

  for (int i = 0; i < 2; ++i) {
    try {
      if (i == 0)
        ModelPackage::load(p);
      else
        ModelPackage::readInfo(p);
      FAIL("a legacy package was read");
    } catch (const LegacyPackageError& e) {
      INFO(e.what());
      CHECK(e.path() == p);
      CHECK(mentionsUpgrade(e.what(), p));
      CHECK(std::string(e.what()).find(spanforge::testing::kPayloadMessage) == std::string::npos);
    }
  }
  CHECK(LegacyPackage::kindOf(p) == LegacyPackage::Kind::ModelPackage);
  CHECK(LegacyPackage::isLegacy(p));
  CHECK(LegacyPackageError(dir.file("a b"))
            .message()
            .find("upgrade-package '" + dir.file("a b") + "' --trust") != std::string::npos);

  // The archive is real: the trusted converter does run it, and the code's
  // failure leaves the folder as it was.
  try {
    LegacyPackage::upgrade(p);
    FAIL("converted a package whose code fails");
  } catch (const ModelPackageError& e) {
    INFO(e.what());
    CHECK(std::string(e.what()).find(spanforge::testing::kPayloadMessage) != std::string::npos);
  }
  CHECK(slurp(p + "/meta.json") == metaBefore);
  CHECK(slurp(p + "/weights.pt") == archive);
  CHECK_FALSE(fs::exists(p + "/weights.safetensors"));
}

TEST_CASE("legacy package: the archive renamed weights.safetensors is refused as not safetensors") {
  TempDir dir;
  const std::string p = writeLegacyPackage(dir, "m");
  spanforge::testing::replaceWeights(p, codeArchive(dir));  // format 2, checksums recomputed
  try {
    ModelPackage::load(p);
    FAIL("loaded an archive as safetensors");
  } catch (const ModelPackageError& e) {
    INFO(e.what());
    CHECK(e.path() == p + "/weights.safetensors");
    CHECK(std::string(e.what()).find("not a safetensors file: a zip archive") != std::string::npos);
    CHECK(std::string(e.what()).find(spanforge::testing::kPayloadMessage) == std::string::npos);
  }
  CHECK_FALSE(LegacyPackage::isLegacy(p));
}

TEST_CASE("legacy package: damaged safetensors weights with recomputed checksums are refused") {
  TempDir dir;
  const std::string p = writeLegacyPackage(dir, "m");
  const std::string good = slurp(p + "/weights.safetensors");
  const auto refused = [&](const std::string& bytes, const std::string& text) {
    spanforge::testing::replaceWeights(p, bytes);
    try {
      ModelPackage::load(p);
      FAIL("loaded damaged weights");
    } catch (const ModelPackageError& e) {
      INFO(e.what());
      CHECK(e.path() == p + "/weights.safetensors");
      CHECK(std::string(e.what()).find(text) != std::string::npos);
    }
  };
  refused(good.substr(0, good.size() - 100), "(truncated file?)");
  refused(good.substr(0, 4), "shorter than the 8-byte header length");
  refused(std::string("\xff\xff\xff\xff\xff\xff\xff\x7f", 8) + good.substr(8), "exceeds the file");
  refused(good + "trailing", "8 bytes at the end of the tensor data belong to no tensor");
}

TEST_CASE("legacy package: upgrade converts it in place, same predictions and meta fields") {
  TempDir dir;
  const std::string p = writeLegacyPackage(dir, "m");
  const ModelPackage original = ModelPackage::load(p);
  spanforge::testing::makeLegacyPackage(p);
  const nlohmann::json before = nlohmann::json::parse(slurp(p + "/meta.json"));
  const std::string config = slurp(p + "/config.toml");
  CHECK_THROWS_AS(ModelPackage::load(p), LegacyPackageError);

  CHECK(LegacyPackage::upgrade(p) == LegacyPackage::Kind::ModelPackage);
  CHECK_FALSE(fs::exists(p + "/weights.pt"));
  CHECK(slurp(p + "/config.toml") == config);
  const nlohmann::json after = nlohmann::json::parse(slurp(p + "/meta.json"));
  CHECK(after["format_version"] == 2);
  CHECK(after["files"].contains("weights.safetensors"));
  CHECK_FALSE(after["files"].contains("weights.pt"));
  nlohmann::json a = after, b = before;
  for (auto* j : {&a, &b}) {
    j->erase("format_version");
    j->erase("files");
  }
  CHECK(a == b);  // every other field kept, created and version included
  CHECK(after["files"]["config.toml"] == before["files"]["config.toml"]);

  const ModelPackage upgraded = ModelPackage::load(p);
  requireSamePredictions(original.model(), upgraded.model());
  CHECK(upgraded.info().trainSentences == 3);
  CHECK_FALSE(LegacyPackage::isLegacy(p));
  CHECK_THROWS_WITH(LegacyPackage::upgrade(p), ContainsSubstring("not a model package or"));
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir.path())) names.push_back(e.path().filename());
  CHECK(names == std::vector<std::string>{"m"});  // no temporary sibling left
}

TEST_CASE("legacy package: a pretrained-weights folder is refused, then upgraded on request") {
  TempDir dir;
  const std::string out = dir.file("pre");
  TrainConfig config = tinyConfig();
  config.pretraining.maxSteps = 2;
  config.pretraining.batchWords = 300;
  std::vector<std::vector<std::string>> text;
  const Corpus corpus = head(demoTrain(), 40);
  for (const auto& e : corpus.examples()) text.push_back(e.tokens);
  REQUIRE(Pretrainer(config, text, out).run().reason == FinishReason::MaxSteps);
  PretrainedWeights original = PretrainedWeights::load(out, "biluo");
  spanforge::testing::makeLegacyPretrained(out, "biluo");

  for (int i = 0; i < 2; ++i) {
    try {
      if (i == 0)
        PretrainedWeights::load(out, "biluo");
      else
        PretrainedWeights::readSummary(out);
      FAIL("a legacy folder was read");
    } catch (const LegacyPackageError& e) {
      INFO(e.what());
      CHECK(mentionsUpgrade(e.what(), out));
    }
  }
  CHECK(LegacyPackage::kindOf(out) == LegacyPackage::Kind::PretrainedWeights);
  CHECK(LegacyPackage::upgrade(out) == LegacyPackage::Kind::PretrainedWeights);
  CHECK_FALSE(fs::exists(out + "/weights.pt"));
  PretrainedWeights upgraded = PretrainedWeights::load(out, "biluo");
  CHECK(upgraded.summary().steps == original.summary().steps);
  CHECK(upgraded.summary().created == original.summary().created);
  const auto now = upgraded.model().module().named_parameters(true);
  int compared = 0;
  for (const auto& p : original.model().module().named_parameters(true)) {
    const torch::Tensor* q = now.find(p.key());
    REQUIRE(q != nullptr);
    CHECK(torch::equal(p.value(), *q));
    ++compared;
  }
  CHECK(compared > 3);
}
