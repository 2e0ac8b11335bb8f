#include "active/alresultcollector.h"

#include "catchapi.h"

using namespace spanforge::active;

namespace {

AlRound point(int64_t round, double fraction, double f1) {
  AlRound r;
  r.round = round;
  r.fraction = fraction;
  r.test.f1 = f1;
  return r;
}

}  // namespace

TEST_CASE("al result collector: the seed round starts every curve, full data is apart") {
  AlResultCollector c({Strategy::LeastConfidence, Strategy::Random});
  c.add(3, kSeedCurve, point(1, 0.1, 0.2));
  c.add(3, "lc", point(2, 0.2, 0.5));
  c.add(3, "random", point(2, 0.2, 0.3));
  c.add(3, kFullDataCurve, point(0, 1.0, 0.6));
  c.add(4, kSeedCurve, point(1, 0.1, 0.4));  // a second seed, lc not yet retrained

  REQUIRE(c.runs().size() == 2);
  const auto& first = c.runs()[0];
  CHECK(first.seed == 3);
  REQUIRE(first.curves.size() == 2);
  CHECK(first.curves[0].strategy == Strategy::LeastConfidence);
  REQUIRE(first.curves[0].rounds.size() == 2);
  CHECK(first.curves[0].rounds[1].test.f1 == 0.5);
  CHECK(first.curves[1].rounds[1].test.f1 == 0.3);
  REQUIRE(first.fullData);
  CHECK(first.fullData->test.f1 == 0.6);
  CHECK_FALSE(c.runs()[1].fullData);

  const AlSummary s = c.summary();
  CHECK(s.seeds == 2);
  REQUIRE(s.fullF1);
  CHECK(*s.fullF1 == Approx(0.6));
  REQUIRE(s.strategies.size() == 2);
  const auto& lc = s.strategies[0].points;
  REQUIRE(lc.size() == 2);
  CHECK(lc[0].seeds == 2);
  CHECK(lc[0].meanF1 == Approx(0.3));
  CHECK(lc[1].seeds == 1);  // only seed 3 got there so far
  CHECK(lc[1].meanF1 == Approx(0.5));
  CHECK(s.strategies[0].reach95 == std::nullopt);  // 0.5 < 0.95 * 0.6
}

TEST_CASE("al result collector: rounds of an unknown curve are ignored") {
  AlResultCollector c({Strategy::Margin});
  c.add(0, "entropy", point(2, 0.2, 0.9));
  REQUIRE(c.runs().size() == 1);
  CHECK(c.runs()[0].curves[0].rounds.empty());
}
