// Packages from before safetensors through the CLI: predict, evaluate and
// serve refuse them naming upgrade-package; upgrade-package converts them
// only with --trust (issue 31).
#include "legacyfixture.h"

#include "../train/traintestdata.h"
#include "clirunner.h"
#include "model/nermodel.h"
#include "tempdir.h"
#include "train/package/modelpackage.h"
#include "train/pretrain/pretrainer.h"

#include <filesystem>
#include <fstream>

using spanforge::testing::CliResult;
using spanforge::testing::runCliArgs;
using spanforge::testing::slurp;
using spanforge::testing::TempDir;
using namespace spanforge::train::testing;
namespace fs = std::filesystem;

namespace {

// An untrained package (fixed seed) and the inputs predict and evaluate read.
std::string writePackage(const TempDir& dir) {
  const spanforge::train::TrainConfig config = tinyConfig();
  torch::manual_seed(11);
  const spanforge::model::NerModel m(config.model, {"location", "person"});
  spanforge::train::ModelPackage::write(dir.file("model"), m, config, {});
  std::ofstream(dir.file("in.jsonl")) << "{\"text\": \"Ann lives in Paris .\"}\n"
                                         "{\"text\": \"The view from Oslo is wide .\"}\n";
  writeConll(dir.file("dev.conll"), head(demoDev(), 20));
  return dir.file("model");
}

// predict, evaluate and serve each refuse the folder with the upgrade message.
void requireRefusedByEveryCommand(const TempDir& dir, const std::string& model) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"predict", model, dir.file("in.jsonl")},
        std::vector<std::string>{"evaluate", model, dir.file("dev.conll")},
        std::vector<std::string>{"serve", model, "--port", "0"}}) {
    const CliResult r = runCliArgs(args);
    INFO(args[0] << ": " << r.err);
    CHECK(r.code == 1);
    CHECK(r.out.empty());
    CHECK(r.err == "error: " + model +
                       ": holds weights.pt, a format that can run code when it is loaded, so "
                       "Spanforge no longer loads it. If you trust where it came from, convert "
                       "it with: spanforge-cli upgrade-package " +
                       model + " --trust\n");
  }
}

}  // namespace

TEST_CASE("cli: a code-carrying weights.pt is refused by predict, evaluate and serve") {
  TempDir dir;
  const std::string model = writePackage(dir);
  spanforge::testing::writeCodeArchive(dir.file("payload.pt"));
  const std::string archive = slurp(dir.file("payload.pt"));
  spanforge::testing::makeLegacyPackage(model, &archive);
  requireRefusedByEveryCommand(dir, model);

  // The same archive as a current package's weights: not safetensors.
  fs::remove(model + "/weights.pt");
  spanforge::testing::writeText(model + "/weights.safetensors", archive);
  spanforge::testing::relist(model, "weights.pt", "weights.safetensors", 2);
  const CliResult r = runCliArgs({"predict", model, dir.file("in.jsonl")});
  CHECK(r.code == 1);
  CHECK_THAT(r.err,
             ContainsSubstring("weights.safetensors: not a safetensors file: a zip archive"));
  CHECK_THAT(r.err, !ContainsSubstring(spanforge::testing::kPayloadMessage));
}

TEST_CASE("cli upgrade-package: refuses without --trust, converts with it, same predictions") {
  TempDir dir;
  const std::string model = writePackage(dir);
  const CliResult before = runCliArgs({"predict", model, dir.file("in.jsonl")});
  REQUIRE(before.code == 0);
  REQUIRE_FALSE(before.out.empty());
  spanforge::testing::makeLegacyPackage(model);
  requireRefusedByEveryCommand(dir, model);

  CliResult r = runCliArgs({"upgrade-package", model});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("loading one runs any code it holds"));
  CHECK_THAT(r.err, ContainsSubstring("run again with --trust"));
  CHECK(fs::exists(model + "/weights.pt"));  // untouched

  r = runCliArgs({"upgrade-package", model, "--trust"});
  INFO(r.err);
  CHECK(r.code == 0);
  CHECK(r.out == "Upgraded model package " + model +
                     ": weights.pt converted to weights.safetensors (format 2)\n");
  CHECK_FALSE(fs::exists(model + "/weights.pt"));
  const CliResult after = runCliArgs({"predict", model, dir.file("in.jsonl")});
  CHECK(after.code == 0);
  CHECK(after.out == before.out);

  r = runCliArgs({"upgrade-package", model, "--trust"});
  CHECK(r.code == 0);
  CHECK(r.out == model +
                     " is a model package in the current format (weights.safetensors); "
                     "nothing to do\n");
  r = runCliArgs({"upgrade-package", dir.path().string()});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("meta.json: missing (not a model package?)"));
  CHECK_THAT(runCliArgs({"upgrade-package", "--help"}).out, ContainsSubstring("--trust"));
}

TEST_CASE("cli upgrade-package: a pretrained-weights folder likewise") {
  TempDir dir;
  const std::string out = dir.file("pre");
  spanforge::train::TrainConfig config = tinyConfig();
  config.pretraining.maxSteps = 2;
  config.pretraining.batchWords = 300;
  std::vector<std::vector<std::string>> text;
  const spanforge::train::Corpus corpus = head(demoTrain(), 40);
  for (const auto& e : corpus.examples()) text.push_back(e.tokens);
  REQUIRE(spanforge::train::Pretrainer(config, text, out).run().reason ==
          spanforge::train::FinishReason::MaxSteps);
  spanforge::testing::makeLegacyPretrained(out, "biluo");

  CliResult r = runCliArgs({"upgrade-package", out});
  CHECK(r.code == 1);
  r = runCliArgs({"upgrade-package", out, "--trust"});
  INFO(r.err);
  CHECK(r.code == 0);
  CHECK(r.out == "Upgraded pretrained-weights folder " + out +
                     ": weights.pt converted to weights.safetensors (format 2)\n");
  r = runCliArgs({"upgrade-package", out});
  CHECK(r.code == 0);
  CHECK_THAT(r.out, ContainsSubstring("pretrained-weights folder in the current format"));
  CHECK_NOTHROW(spanforge::train::PretrainedWeights::load(out, "biluo"));
}
