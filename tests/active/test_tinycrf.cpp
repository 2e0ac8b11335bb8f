#include "../model/bruteforce.h"
#include "active/uncertaintyscorer.h"
#include "model/prediction.h"
#include "tinymodel.h"

#include <algorithm>
#include <cmath>
#include <random>

using namespace spanforge;
using active::Strategy;
using active::UncertaintyScorer;
using active::testing::tinyModel;
using active::testing::zeroScores;

namespace {

std::vector<std::string> words(int64_t n) {
  std::vector<std::string> out;
  for (int64_t i = 0; i < n; ++i) out.push_back("w" + std::to_string(i));
  return out;
}

double score(Strategy s, const model::Prediction& p) { return UncertaintyScorer(s).score(p); }

}  // namespace

// One label, IOB2: tags O, B-A, I-A. Every learned CRF score is 0 and every
// token scores O, B, I as log 1, log 2, log 3, so a path's weight is the
// product of 1, 2, 3 over its tags. Worked out by hand:
TEST_CASE("tiny CRF: two tokens, every score by hand") {
  const auto m = tinyModel({"A"}, "iob2", {0.0f, std::log(2.0f), std::log(3.0f)}, zeroScores(3));
  // Valid paths (I only after B or I): OO 1, OB 2, BO 2, BB 4, BI 6; Z = 15.
  const auto p = m->predict({words(2)}).at(0);
  CHECK(p.tags == std::vector<int64_t>{1, 2});                     // B I, weight 6
  CHECK(p.bestPathProbability == Approx(6.0 / 15).epsilon(1e-6));  // 0.4
  CHECK(p.bestPathLogProbPerToken == Approx(std::log(0.4) / 2).epsilon(1e-6));
  CHECK(p.margin == Approx(6.0 / 15 - 4.0 / 15).epsilon(1e-6));  // second best: B B
  // Marginals: token 0: O 3/15, B 12/15, I 0; token 1: O 3/15, B 6/15, I 6/15.
  const double h0 = -(0.2 * std::log(0.2) + 0.8 * std::log(0.8));
  const double h1 = -(0.2 * std::log(0.2) + 2 * 0.4 * std::log(0.4));
  CHECK(p.meanTokenEntropy == Approx((h0 + h1) / 2).epsilon(1e-6));  // 0.777661
  REQUIRE(p.spans.size() == 1);
  CHECK(p.spans[0].span == text::TokenSpan{0, 2, "A"});
  CHECK(p.spans[0].score == Approx(0.4).epsilon(1e-6));  // only B I covers exactly [0, 2)

  // The scores the strategies rank by.
  CHECK(score(Strategy::LeastConfidence, p) == Approx(0.6).epsilon(1e-6));
  CHECK(score(Strategy::Mnlp, p) == Approx(-std::log(0.4) / 2).epsilon(1e-6));  // 0.458145
  CHECK(score(Strategy::Entropy, p) == Approx(0.777661).epsilon(1e-5));
  CHECK(score(Strategy::Margin, p) == Approx(13.0 / 15).epsilon(1e-6));
}

TEST_CASE("tiny CRF: one token, and a transition that changes the best path") {
  SECTION("one token: O 1, B 2") {
    const auto m = tinyModel({"A"}, "iob2", {0.0f, std::log(2.0f), std::log(3.0f)}, zeroScores(3));
    const auto p = m->predict({words(1)}).at(0);
    CHECK(p.tags == std::vector<int64_t>{1});
    CHECK(p.bestPathProbability == Approx(2.0 / 3).epsilon(1e-6));
    CHECK(p.margin == Approx(1.0 / 3).epsilon(1e-6));
    CHECK(p.meanTokenEntropy ==
          Approx(-(std::log(1.0 / 3) / 3 + 2 * std::log(2.0 / 3) / 3)).epsilon(1e-6));
    CHECK(score(Strategy::LeastConfidence, p) == Approx(1.0 / 3).epsilon(1e-6));
    CHECK(score(Strategy::Mnlp, p) == Approx(-std::log(2.0 / 3)).epsilon(1e-6));
    CHECK(score(Strategy::Margin, p) == Approx(2.0 / 3).epsilon(1e-6));
  }
  SECTION("B -> I scored log(1/6): weights OO 1, OB 2, BO 2, BB 4, BI 1") {
    auto learned = zeroScores(3);
    learned.transitions[1 * 3 + 2] = std::log(1.0 / 6);
    const auto m = tinyModel({"A"}, "iob2", {0.0f, std::log(2.0f), std::log(3.0f)}, learned);
    const auto p = m->predict({words(2)}).at(0);
    // Z = 10: best B B (0.4), second O B or B O (0.2).
    CHECK(p.tags == std::vector<int64_t>{1, 1});
    CHECK(p.bestPathProbability == Approx(0.4).epsilon(1e-6));
    CHECK(p.margin == Approx(0.2).epsilon(1e-6));
    REQUIRE(p.spans.size() == 2);
    // [0,1) is exactly a span in B O and B B (B I would extend it): 0.6.
    CHECK(p.spans[0].span == text::TokenSpan{0, 1, "A"});
    CHECK(p.spans[0].score == Approx(0.6).epsilon(1e-6));
    CHECK(p.spans[1].span == text::TokenSpan{1, 2, "A"});
    CHECK(p.spans[1].score == Approx(0.6).epsilon(1e-6));  // O B, B B
    CHECK(score(Strategy::Margin, p) == Approx(0.8).epsilon(1e-6));
  }
}

TEST_CASE("tiny CRF: figures, marginals and span scores match brute-force enumeration") {
  std::mt19937 rng(11);
  std::normal_distribution<float> normal(0.0f, 1.5f);
  struct Setup {
    std::vector<std::string> labels;
    std::string scheme;
  };
  for (const Setup& setup :
       {Setup{{"A"}, "iob2"}, Setup{{"A", "B"}, "iob2"}, Setup{{"A"}, "biluo"}}) {
    const model::TagSet tags(
        setup.labels, setup.scheme == "iob2" ? text::TagScheme::IOB2 : text::TagScheme::BILUO);
    for (int rep = 0; rep < 4; ++rep) {
      model::CrfScores s = model::testing::randomScores(tags, rng, 1.5);
      // The model keeps float parameters: enumerate with the same values.
      for (auto* v : {&s.start, &s.end, &s.transitions})
        for (double& x : *v)
          if (std::isfinite(x)) x = static_cast<float>(x);
      std::vector<float> emission(static_cast<size_t>(tags.size()));
      for (auto& e : emission) e = normal(rng);
      const auto m = tinyModel(setup.labels, setup.scheme, emission, s);
      for (int64_t n = 1; n <= 4; ++n) {
        INFO(setup.scheme << " labels " << setup.labels.size() << " rep " << rep << " n " << n);
        std::vector<float> e;
        for (int64_t t = 0; t < n; ++t) e.insert(e.end(), emission.begin(), emission.end());
        auto paths = model::testing::allPaths(s, e.data(), n);
        std::sort(paths.begin(), paths.end(),
                  [](const auto& a, const auto& b) { return a.score > b.score; });
        REQUIRE(paths.size() >= 2);
        const double logZ = model::testing::logSumExp(paths);
        const auto p = m->predict({words(n)}).at(0);

        CHECK(p.tags == paths[0].tags);
        const double best = std::exp(paths[0].score - logZ);
        const double second = std::exp(paths[1].score - logZ);
        CHECK(p.bestPathProbability == Approx(best).epsilon(1e-9));
        CHECK(p.bestPathLogProbPerToken == Approx((paths[0].score - logZ) / n).epsilon(1e-9));
        CHECK(p.margin == Approx(best - second).margin(1e-12).epsilon(1e-9));
        // Forward-backward marginals against the sum over paths.
        double entropy = 0.0;
        for (int64_t t = 0; t < n; ++t) {
          for (int64_t y = 0; y < tags.size(); ++y) {
            double marginal = 0.0;
            for (const auto& path : paths)
              if (path.tags[static_cast<size_t>(t)] == y) marginal += std::exp(path.score - logZ);
            if (marginal > 0) entropy -= marginal * std::log(marginal);
          }
        }
        CHECK(p.meanTokenEntropy == Approx(entropy / n).epsilon(1e-9));
        // Span confidence: P(the span is exactly one of the path's spans).
        for (const auto& span : p.spans) {
          double pSpan = 0.0;
          for (const auto& path : paths) {
            const auto decoded = tags.decode(path.tags);
            if (std::find(decoded.begin(), decoded.end(), span.span) != decoded.end())
              pSpan += std::exp(path.score - logZ);
          }
          CHECK(span.score == Approx(pSpan).margin(1e-12).epsilon(1e-9));
        }
        CHECK(score(Strategy::LeastConfidence, p) == Approx(1.0 - best).margin(1e-12));
        CHECK(score(Strategy::Margin, p) == Approx(1.0 - (best - second)).margin(1e-12));
      }
    }
  }
}
