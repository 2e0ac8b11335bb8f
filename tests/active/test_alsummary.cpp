#include "active/alsummary.h"

#include "catchapi.h"

#include <cmath>

using namespace spanforge::active;

namespace {

AlRound summaryPoint(double fraction, double f1) {
  AlRound r;
  r.fraction = fraction;
  r.sentences = static_cast<int64_t>(std::lround(fraction * 100));
  r.test.f1 = f1;
  return r;
}

AlSimulationResult run(std::vector<AlCurve> curves, std::optional<double> full) {
  AlSimulationResult r;
  r.curves = std::move(curves);
  if (full) r.fullData = summaryPoint(1.0, *full);
  return r;
}

AlCurve curve(Strategy s, std::vector<double> f1) {
  AlCurve c;
  c.strategy = s;
  for (size_t i = 0; i < f1.size(); ++i) c.rounds.push_back(summaryPoint(0.1 * (i + 1), f1[i]));
  return c;
}

}  // namespace

TEST_CASE("AL summary: mean and sample spread per round over seeds") {
  const auto s = summarize({run({curve(Strategy::Margin, {0.2, 0.5, 0.6})}, 0.6),
                            run({curve(Strategy::Margin, {0.4, 0.5, 0.64})}, 0.64)});
  CHECK(s.seeds == 2);
  REQUIRE(s.fullF1);
  CHECK(*s.fullF1 == Approx(0.62));
  CHECK(s.fullSd == Approx(std::sqrt(0.0008)));
  REQUIRE(s.strategies.size() == 1);
  const auto& p = s.strategies[0].points;
  REQUIRE(p.size() == 3);
  CHECK(p[0].fraction == Approx(0.1));
  CHECK(p[0].sentences == 10);
  CHECK(p[0].seeds == 2);
  CHECK(p[0].meanF1 == Approx(0.3));
  CHECK(p[0].sdF1 == Approx(std::sqrt(0.02)));
  CHECK(p[0].minF1 == 0.2);
  CHECK(p[0].maxF1 == 0.4);
  CHECK(p[1].sdF1 == 0.0);
  // 95% of 0.62 is 0.589: first reached at 30% (0.62); 99% (0.6138) also there.
  CHECK(s.strategies[0].reach95 == Approx(0.3));
  CHECK(s.strategies[0].reach99 == Approx(0.3));
}

TEST_CASE("AL summary: the first share reaching a target, or none") {
  const auto s = summarize(
      {run({curve(Strategy::Random, {0.3, 0.58, 0.57, 0.61}), curve(Strategy::Entropy, {0.3, 0.4})},
           std::nullopt)},
      0.6);
  REQUIRE(s.fullF1);
  CHECK(*s.fullF1 == 0.6);
  REQUIRE(s.strategies.size() == 2);
  CHECK(s.strategies[0].strategy == Strategy::Random);
  CHECK(s.strategies[0].reach95 == Approx(0.2));  // 0.58 >= 0.57
  CHECK(s.strategies[0].reach99 == Approx(0.4));  // 0.61 >= 0.594; 0.57 was not
  CHECK_FALSE(s.strategies[1].reach95.has_value());
  CHECK_FALSE(s.strategies[1].reach99.has_value());
}

TEST_CASE("AL summary: without a full-data F1 (or with 0) nothing is reached") {
  auto s = summarize({run({curve(Strategy::Margin, {0.0, 0.0})}, std::nullopt)});
  CHECK_FALSE(s.fullF1.has_value());
  CHECK_FALSE(s.strategies[0].reach95.has_value());
  s = summarize({run({curve(Strategy::Margin, {0.0, 0.0})}, 0.0)});
  REQUIRE(s.fullF1);
  CHECK_FALSE(s.strategies[0].reach99.has_value());
}

TEST_CASE("AL summary: a seed that stopped early counts where it has points") {
  const auto s = summarize({run({curve(Strategy::LeastConfidence, {0.2, 0.4})}, 0.5),
                            run({curve(Strategy::LeastConfidence, {0.4})}, std::nullopt)});
  const auto& p = s.strategies[0].points;
  REQUIRE(p.size() == 2);
  CHECK(p[0].seeds == 2);
  CHECK(p[1].seeds == 1);
  CHECK(p[1].meanF1 == 0.4);
  CHECK(*s.fullF1 == 0.5);  // the one seed that trained on full data
}
