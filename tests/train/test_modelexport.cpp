#include "slurp.h"
#include "tempdir.h"
#include "train/config/tomlconfig.h"
#include "train/package/modelcard.h"
#include "train/package/modelexport.h"
#include "train/package/modelpackage.h"
#include "train/package/modelpackageerror.h"
#include "train/trainer.h"
#include "traintestdata.h"

#include "catchapi.h"

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace spanforge::train;
using namespace spanforge::train::testing;
using spanforge::testing::slurp;
using spanforge::testing::TempDir;
namespace fs = std::filesystem;

namespace {

// One package per test binary: training it takes a second or two.
const std::string& package() {
  static TempDir dir;
  static const std::string path = [] {
    TrainConfig config = tinyConfig();
    config.training.maxSteps = 10;
    const std::string out = dir.file("model");
    REQUIRE(Trainer(config, head(demoTrain(), 200), head(demoDev(), 100), out).run().modelPath ==
            out);
    return out;
  }();
  return path;
}

}  // namespace

TEST_CASE("model card: labels, data, per-label scores, config and dates") {
  PackageInfo info;
  info.formatVersion = 1;
  info.spanforgeVersion = "0.1.0";
  info.created = "2024-05-01T12:00:00Z";
  info.labels = {"LOC", "PER"};
  info.tagScheme = "biluo";
  info.trainSentences = 200;
  info.trainWords = 3000;
  info.trainEntities = 150;
  info.devSentences = 100;
  info.steps = 40;
  info.bestStep = 30;
  info.finishReason = "max-steps";
  info.metricsJson =
      R"({"dev": {"ents_p": 0.5, "ents_r": 0.25, "ents_f": 0.3333, "ents_support": 8,)"
      R"( "per_label": {"PER": {"p": 0.75, "r": 0.5, "f": 0.6, "support": 4}}}})";
  const std::string card =
      ModelCard::markdown(info, "[model]\nhidden = 48\n", "2024-06-01T08:00:00Z");
  CHECK_THAT(card, ContainsSubstring("- Labels (2): LOC, PER"));
  CHECK_THAT(card, ContainsSubstring("- Created: 2024-05-01T12:00:00Z"));
  CHECK_THAT(card, ContainsSubstring("- Exported: 2024-06-01T08:00:00Z"));
  CHECK_THAT(card, ContainsSubstring("| train | 200 | 3000 | 150 |"));
  CHECK_THAT(card, ContainsSubstring("## Scores on dev"));
  CHECK_THAT(card, ContainsSubstring("| **all entities** | 50.0 | 25.0 | 33.3 | 8 |"));
  CHECK_THAT(card, ContainsSubstring("| PER | 75.0 | 50.0 | 60.0 | 4 |"));
  CHECK_THAT(card, ContainsSubstring("at step 30"));
  CHECK_THAT(card, ContainsSubstring("```toml\n[model]\nhidden = 48\n```"));
  CHECK(card.find("Scores on test") == std::string::npos);
}

TEST_CASE("model export: the copy loads, carries a model card and replaces an old export") {
  TempDir dir;
  const std::string target = dir.file("exported");
  ModelExport::run(package(), target);
  const ModelPackage loaded = ModelPackage::load(target);
  CHECK(loaded.info().labels == ModelPackage::readInfo(package()).labels);
  const std::string card = slurp(target + "/" + ModelCard::kFileName);
  CHECK_THAT(card, ContainsSubstring("## Scores on dev"));
  CHECK_THAT(card, ContainsSubstring(toToml(loaded.config())));
  CHECK(slurp(target + "/weights.safetensors") == slurp(package() + "/weights.safetensors"));

  ModelExport::run(package(), target);  // again: replaced, not refused
  CHECK(fs::exists(target + "/meta.json"));
  int entries = 0;  // no temporary siblings left behind
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++entries;
  CHECK(entries == 1);
}

TEST_CASE("model export: refuses a folder with other files, and a folder that is no package") {
  TempDir dir;
  fs::create_directories(dir.file("docs"));
  std::ofstream(dir.file("docs/thesis.tex")) << "keep me";
  CHECK_THROWS_AS(ModelExport::run(package(), dir.file("docs")), ModelPackageError);
  CHECK(slurp(dir.file("docs/thesis.tex")) == "keep me");
  CHECK_THROWS_AS(ModelExport::run(dir.file("docs"), dir.file("out")), ModelPackageError);
  CHECK_THROWS_AS(ModelExport::run(package(), package()), ModelPackageError);
  CHECK_FALSE(fs::exists(dir.file("out")));
}
