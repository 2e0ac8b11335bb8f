// The ECE a perfectly calibrated model shows by chance: exact small cases,
// the normal approximation against the exact sum, and a simulation.
#include "train/eval/samplinggap.h"
#include "train/eval/spancalibration.h"

#include "catchapi.h"

#include <cmath>
#include <random>

using spanforge::train::SamplingGap;
using spanforge::train::SpanCalibration;

TEST_CASE("sampling gap: exact for one and two spans, none for certain scores") {
  CHECK(SamplingGap::expected({}) == 0.0);
  // One span scored p: |1 - p| with chance p, |0 - p| with chance 1 - p.
  CHECK(SamplingGap::expected({0.3}) == Approx(2 * 0.3 * 0.7));
  // Two coin flips: K = 0, 1, 2 with 1/4, 1/2, 1/4; |K/2 - 1/2| = 1/2, 0, 1/2.
  CHECK(SamplingGap::expected({0.5, 0.5}) == Approx(0.25));
  CHECK(SamplingGap::expected({1.0, 1.0, 0.0}) == Approx(0.0).margin(1e-12));
}

TEST_CASE("sampling gap: the normal approximation agrees with the exact sum where they meet") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(0.55, 0.95);
  std::vector<double> exact(SamplingGap::kExactSpans), approx(SamplingGap::kExactSpans + 1);
  for (auto& s : exact) s = u(rng);
  approx.assign(exact.begin(), exact.end());
  approx.push_back(exact.back());
  // One span more moves the gap by far less than 1%; the two methods must too.
  CHECK(SamplingGap::expected(approx) == Approx(SamplingGap::expected(exact)).epsilon(0.01));
}

TEST_CASE("sampling gap: what a perfectly calibrated model's ECE averages in simulation") {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<double> scores(300);
  for (auto& s : scores) s = u(rng);
  double simulated = 0.0, chance = 0.0;
  const int trials = 400;
  for (int t = 0; t < trials; ++t) {
    SpanCalibration c;
    for (double s : scores) c.add({s, u(rng) < s});
    const auto r = c.report();
    simulated += r.ece / trials;
    chance = r.chanceEce;  // the same every trial: it depends on the scores only
  }
  CHECK(chance > 0.03);  // 300 spans over 10 bins: several points of ECE by chance
  CHECK(simulated == Approx(chance).epsilon(0.05));
}
