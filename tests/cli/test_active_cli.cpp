// spanforge-cli rank: the strategies' help, a ranking stored in the project,
// warnings and bad input (al-simulate: test_alsimulate_cli.cpp).
#include "../train/traintestdata.h"
#include "active/strategy.h"
#include "clidatafiles.h"
#include "clirunner.h"
#include "store/projectstore.h"
#include "store/rankingrepository.h"
#include "tempdir.h"

#include <nlohmann/json.hpp>
#include "catchapi.h"

#include <string>
#include <vector>

using spanforge::testing::TempDir;
using namespace spanforge::train::testing;

namespace {

using Result = spanforge::testing::CliResult;

using spanforge::testing::run;

const char* const kLabels = "person,location,corporation,product,creative-work,group";

using Files = spanforge::testing::CliDataFiles;
using spanforge::testing::makeFiles;

// One small model for every rank test (training is the slow part).
const std::string& sharedModel() {
  static TempDir dir;
  static const std::string model = [] {
    const Files f = makeFiles(dir, 20);
    const std::string out = dir.file("model");
    const auto r =
        run({"train", "--train", f.train, "--dev", f.dev, "--output", out, "--config", f.config});
    INFO(r.err);
    REQUIRE(r.code == 0);
    return out;
  }();
  return model;
}

// A project with the demo labels and an unlabelled pool of 40 texts.
std::string makeProject(const TempDir& dir, const std::string& labels = kLabels) {
  const std::string proj = dir.file("p.sfproj");
  REQUIRE(run({"init", proj, "--labels", labels}).code == 0);
  const std::string pool = dir.file("pool.conll");
  writeConll(pool, head(demoDev(), 40, 200));
  const auto r = run({"import", proj, pool, "--texts-only"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  return proj;
}

}  // namespace

TEST_CASE("cli rank and al-simulate help list every strategy from the table") {
  for (const char* command : {"rank", "al-simulate"}) {
    const auto r = run({command, "--help"});
    INFO(command);
    REQUIRE(r.code == 0);
    for (const auto& info : spanforge::active::strategyTable()) {
      INFO(info.id);
      CHECK(r.out.find(std::string("  ") + info.id + "  ") != std::string::npos);
      CHECK(r.out.find(info.description) != std::string::npos);
    }
  }
}

TEST_CASE("cli rank prints the most informative documents and stores the ranking") {
  TempDir dir;
  const std::string proj = makeProject(dir);
  const std::string& model = sharedModel();

  auto r = run({"rank", proj, model, "--top", "3"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("rank     score  document  text") != std::string::npos);
  CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 4);  // header + 3 rows
  CHECK(r.err.find("Ranked 40 unlabelled document(s) with lc") != std::string::npos);

  r = run({"rank", proj, model, "--strategy", "mnlp", "--json", "--top", "0", "--diverse"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["strategy"] == "mnlp");
  CHECK(j["documents"] == 40);
  REQUIRE(j["top"].size() == 40);
  const int64_t modelId = j["model_id"].get<int64_t>();
  for (size_t i = 0; i < j["top"].size(); ++i) {
    const auto& row = j["top"][i];
    CHECK(row["rank"] == static_cast<int64_t>(i) + 1);
    CHECK(row["score"].get<double>() >= 0.0);
    CHECK_FALSE(row["text"].get<std::string>().empty());
  }
  // Without near-duplicates in this pool, the order is by score.
  if (j["near_duplicates"] == 0) {
    for (size_t i = 1; i < j["top"].size(); ++i)
      CHECK(j["top"][i - 1]["score"].get<double>() >= j["top"][i]["score"].get<double>());
  }

  // The same package is the same model; both rankings are in the project.
  auto project = spanforge::store::ProjectStore::open(proj);
  REQUIRE(project->runs().models().size() == 1);
  CHECK(project->runs().models()[0].id == modelId);
  spanforge::store::RankingRepository rankings(project->db());
  CHECK(rankings.count(modelId, "lc") == 40);
  CHECK(rankings.count(modelId, "mnlp") == 40);
  CHECK(rankings.next(modelId, "mnlp")->document.id == j["top"][0]["document_id"].get<int64_t>());
}

TEST_CASE("cli rank warns about labels the project lacks and refuses bad input") {
  TempDir dir;
  const std::string proj = makeProject(dir, "person");
  const std::string& model = sharedModel();
  auto r = run({"rank", proj, model, "--strategy", "entropy"});
  INFO(r.err);
  CHECK(r.code == 0);
  CHECK(r.err.find("warning: the project has no label corporation") != std::string::npos);
  CHECK(r.err.find("location") != std::string::npos);

  r = run({"rank", proj, model, "--strategy", "most-confused"});
  CHECK(r.code == 1);
  CHECK(r.err.find("--strategy") != std::string::npos);
  r = run({"rank", proj, dir.path().string()});  // a directory that is no model package
  CHECK(r.code == 1);
  CHECK(r.err.find("meta.json") != std::string::npos);
  r = run({"rank", dir.file("missing.sfproj"), model});
  CHECK(r.code == 1);
  r = run({"rank", "--help"});
  CHECK(r.code == 0);
  CHECK(r.out.find("--strategy") != std::string::npos);
}
