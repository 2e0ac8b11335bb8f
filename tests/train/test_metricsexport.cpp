#include "tempdir.h"
#include "train/metricsexport.h"

#include <nlohmann/json.hpp>
#include "catchapi.h"

#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

using namespace spanforge;
using spanforge::testing::TempDir;

namespace {

std::vector<store::MetricEvent> events() {
  store::MetricEvent s;
  s.step = 1;
  s.epoch = 1;
  s.loss = 12.5;
  s.elapsedSeconds = 0.5;
  s.wordsPerSecond = 800;
  s.memoryBytes = 1000;
  s.memoryPeakBytes = 2000;
  store::MetricEvent nan = s;
  nan.step = 2;
  nan.loss = std::numeric_limits<double>::quiet_NaN();
  store::MetricEvent v = s;
  v.step = 2;
  v.hasScores = true;
  v.precision = 0.5;
  v.recall = 0.25;
  v.f1 = 1.0 / 3;
  v.perLabel = {{"B,quoted", 0.5, 0.5, 0.5, 3}, {"A", 1, 0, 0, 2}};
  return {s, nan, v};
}

std::vector<std::string> lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE("metrics export: CSV with per-label columns, sorted, quoted where needed") {
  TempDir dir;
  const std::string path = dir.file("run.csv");
  train::MetricsExport::writeCsv(path, events());
  const auto rows = lines(path);
  REQUIRE(rows.size() == 4);
  CHECK(rows[0] ==
        "kind,step,epoch,loss,elapsed_seconds,words_per_second,memory_bytes,memory_peak_bytes,"
        "precision,recall,f1,precision:A,recall:A,f1:A,\"precision:B,quoted\",\"recall:B,quoted\","
        "\"f1:B,quoted\"");
  CHECK(rows[1] == "step,1,1,12.5,0.5,800,1000,2000,,,,,,,,,");
  CHECK(rows[2] == "step,2,1,,0.5,800,1000,2000,,,,,,,,,");  // NaN: empty
  CHECK(rows[3] == "evaluation,2,1,12.5,0.5,800,1000,2000,0.5,0.25,0.333333333,1,0,0,0.5,0.5,0.5");
  CHECK_FALSE(std::filesystem::exists(path + ".tmp"));
}

TEST_CASE("metrics export: JSONL, one object per event") {
  TempDir dir;
  const std::string path = dir.file("run.jsonl");
  train::MetricsExport::writeJsonl(path, events());
  const auto rows = lines(path);
  REQUIRE(rows.size() == 3);
  const auto first = nlohmann::json::parse(rows[0]);
  CHECK(first["kind"] == "step");
  CHECK(first["loss"] == 12.5);
  CHECK_FALSE(first.contains("f1"));
  CHECK(nlohmann::json::parse(rows[1])["loss"].is_null());
  const auto eval = nlohmann::json::parse(rows[2]);
  CHECK(eval["kind"] == "evaluation");
  CHECK(eval["f1"] == Approx(1.0 / 3));
  CHECK(eval["per_label"]["A"]["p"] == 1.0);
  CHECK(eval["per_label"]["B,quoted"]["support"] == 3);
}

TEST_CASE("metrics export: a path that cannot be written names the file") {
  TempDir dir;
  const std::string path = dir.file("missing/run.csv");
  CHECK_THROWS_WITH(train::MetricsExport::writeCsv(path, events()), ContainsSubstring(path));
}
