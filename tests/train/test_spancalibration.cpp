// Span-level calibration: reliability bins and expected calibration error.
#include "train/eval/spancalibration.h"

#include <nlohmann/json.hpp>
#include "catchapi.h"

using spanforge::model::ScoredTokenSpan;
using spanforge::text::TokenSpan;
using spanforge::train::SpanCalibration;

TEST_CASE("span calibration: bins by score, accuracy by exact match, ECE weighted by count") {
  SpanCalibration c;
  const std::vector<TokenSpan> gold{{0, 1, "PER"}, {3, 5, "LOC"}};
  // Right, wrong label, wrong boundary, right: scores in bins 9, 9, 2 and the last.
  c.add(gold, {{{0, 1, "PER"}, 0.95}, {{3, 5, "ORG"}, 0.91}, {{3, 4, "LOC"}, 0.25}});
  c.add(gold, {{{3, 5, "LOC"}, 1.0}});
  c.add({}, {});
  const auto r = c.report();
  REQUIRE(r.bins.size() == 10);
  CHECK(r.spans == 4);
  CHECK(r.bins[2].count == 1);
  CHECK(r.bins[2].accuracy == 0.0);
  CHECK(r.bins[2].confidence == Approx(0.25));
  CHECK(r.bins[9].count == 3);  // 1.0 belongs to the last bin
  CHECK(r.bins[9].accuracy == Approx(2.0 / 3.0));
  CHECK(r.bins[9].confidence == Approx((0.95 + 0.91 + 1.0) / 3));
  CHECK(r.bins[9].from == Approx(0.9));
  CHECK(r.bins[9].to == Approx(1.0));
  const double expected = 0.25 * 0.25 + 0.75 * std::abs(2.0 / 3.0 - (0.95 + 0.91 + 1.0) / 3);
  CHECK(r.ece == Approx(expected));
  const nlohmann::json j = r;
  CHECK(j["spans"] == 4);
  CHECK(j["bins"].size() == 10);
  CHECK(j["bins"][9]["count"] == 3);
  CHECK(j["ece"].get<double>() == Approx(expected));
}

TEST_CASE("span calibration: no spans, no error") {
  const auto r = SpanCalibration().report();
  CHECK(r.spans == 0);
  CHECK(r.ece == 0.0);
  CHECK_THROWS(SpanCalibration(0));
}

TEST_CASE("span calibration: precision of the spans at or above a threshold") {
  SpanCalibration c;
  const std::vector<TokenSpan> gold{{0, 1, "PER"}, {3, 5, "LOC"}};
  c.add(gold, {{{0, 1, "PER"}, 0.95}, {{3, 5, "ORG"}, 0.91}, {{3, 4, "LOC"}, 0.25}});
  c.add(gold, {{{3, 5, "LOC"}, 1.0}});
  REQUIRE(c.outcomes().size() == 4);
  const auto at9 = SpanCalibration::precisionAtOrAbove(c.outcomes(), 0.9);
  CHECK(at9.spans == 3);
  CHECK(at9.precision == Approx(2.0 / 3.0));
  const auto at95 = SpanCalibration::precisionAtOrAbove(c.outcomes(), 0.95);
  CHECK(at95.spans == 2);
  CHECK(at95.precision == 1.0);
  CHECK(SpanCalibration::precisionAtOrAbove(c.outcomes(), 1.5).spans == 0);
}

TEST_CASE("span calibration: the chance ECE of the spans' own scores, pooled outcomes alike") {
  SpanCalibration c, pooled;
  const std::vector<TokenSpan> gold{{0, 1, "PER"}};
  c.add(gold, {{{0, 1, "PER"}, 0.95}, {{3, 5, "ORG"}, 0.25}});
  for (const auto& o : c.outcomes()) pooled.add(o);
  const auto r = c.report();
  // Bins 9 and 2, one span each: 2 p (1 - p) per bin, half the spans each.
  CHECK(r.chanceEce == Approx(0.5 * 2 * 0.95 * 0.05 + 0.5 * 2 * 0.25 * 0.75));
  CHECK(pooled.report().ece == Approx(r.ece));
  CHECK(pooled.report().chanceEce == Approx(r.chanceEce));
  const nlohmann::json j = r;
  CHECK(j["chance_ece"].get<double>() == Approx(r.chanceEce));
}
