#include "clirunner.h"
#include "slurp.h"
#include "tempdir.h"

#include <nlohmann/json.hpp>

#include "catchapi.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

using spanforge::testing::runCliArgs;
using spanforge::testing::slurp;
using spanforge::testing::TempDir;
namespace fs = std::filesystem;

namespace {

using spanforge::testing::jsonLines;

// Equal but for floating-point numbers, which may differ by `tolerance`
// (another libtorch, its CPU kernels and their summation order).
void checkSame(const nlohmann::json& got, const nlohmann::json& want, const std::string& where,
               double tolerance) {
  INFO(where);
  if (want.is_number_float() || (want.is_number() && got.is_number_float())) {
    REQUIRE(got.is_number());
    CHECK(std::abs(got.get<double>() - want.get<double>()) <= tolerance);
  } else if (want.is_object()) {
    REQUIRE(got.is_object());
    REQUIRE(got.size() == want.size());
    for (const auto& [key, value] : want.items()) {
      REQUIRE(got.contains(key));
      checkSame(got[key], value, where + "." + key, tolerance);
    }
  } else if (want.is_array()) {
    REQUIRE(got.is_array());
    REQUIRE(got.size() == want.size());
    for (size_t i = 0; i < want.size(); ++i)
      checkSame(got[i], want[i], where + "[" + std::to_string(i) + "]", tolerance);
  } else {
    CHECK(got == want);
  }
}

}  // namespace

// tests/data/packages/<platform>/ holds a model package written on that
// platform (Debian 12: libtorch 1.13; Debian 13: libtorch 2.6) and what it
// predicted there (make-reference.sh). A user who upgrades keeps their models,
// and a model trained on one machine serves on the other.
TEST_CASE("model package: what Debian 12 and Debian 13 wrote loads and predicts the same here") {
  const fs::path root = fs::path(SPANFORGE_TEST_DATA_DIR) / "packages";
  std::vector<std::string> platforms;
  for (const auto& e : fs::directory_iterator(root))
    if (fs::exists(e.path() / "model" / "weights.safetensors"))
      platforms.push_back(e.path().filename());
  std::sort(platforms.begin(), platforms.end());
  CHECK(platforms == std::vector<std::string>{"debian12", "debian13"});

  TempDir dir;
  for (const auto& platform : platforms) {
    const fs::path folder = root / platform;
    INFO(platform << ", " << slurp((folder / "written-by.txt").string()));
    const std::string out = dir.file(platform + ".jsonl");
    const auto r = runCliArgs({"predict", (folder / "model").string(),
                               (root / "input.jsonl").string(), "--output", out, "--threads", "1"});
    REQUIRE(r.code == 0);
    const auto got = jsonLines(slurp(out));
    const auto want = jsonLines(slurp((folder / "predictions.jsonl").string()));
    REQUIRE(got.size() == want.size());
    REQUIRE(want.size() == 65);
    size_t spans = 0;
    for (size_t i = 0; i < want.size(); ++i) {
      checkSame(got[i], want[i], "line " + std::to_string(i + 1), 1e-4);
      spans += want[i].value("spans", nlohmann::json::array()).size();
    }
    CHECK(spans >= 20);  // a trained model that finds entities, not an empty baseline
  }
}
