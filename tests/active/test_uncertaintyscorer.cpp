#include "active/strategy.h"
#include "active/uncertaintyscorer.h"
#include "model/prediction.h"

#include "catchapi.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

using namespace spanforge;
using active::Strategy;
using active::UncertaintyScorer;

namespace {

model::Prediction prediction(double pBest, double logPerToken, double entropy, double margin) {
  model::Prediction p;
  p.tags = {0};
  p.bestPathProbability = pBest;
  p.bestPathLogProbPerToken = logPerToken;
  p.meanTokenEntropy = entropy;
  p.margin = margin;
  return p;
}

std::vector<size_t> rank(Strategy s, const std::vector<model::Prediction>& ps) {
  const UncertaintyScorer scorer(s, 7);
  std::vector<double> scores;
  std::vector<int64_t> keys;
  for (size_t i = 0; i < ps.size(); ++i) {
    scores.push_back(scorer.score(ps[i], i));
    keys.push_back(static_cast<int64_t>(i));
  }
  return UncertaintyScorer::rankOrder(scores, keys);
}

}  // namespace

TEST_CASE("strategy names parse and print") {
  for (Strategy s : active::allStrategies()) CHECK(active::parseStrategy(active::toString(s)) == s);
  CHECK(active::parseStrategy("lc") == Strategy::LeastConfidence);
  CHECK(active::parseStrategy("mnlp") == Strategy::Mnlp);
  CHECK(active::parseStrategy("entropy") == Strategy::Entropy);
  CHECK(active::parseStrategy("margin") == Strategy::Margin);
  CHECK(active::parseStrategy("bald") == Strategy::Bald);
  CHECK(active::parseStrategy("rare") == Strategy::Rare);
  CHECK(active::parseStrategy("spread") == Strategy::Spread);
  CHECK(active::parseStrategy("random") == Strategy::Random);
  CHECK_FALSE(active::parseStrategy("LC"));
  CHECK_FALSE(active::parseStrategy(""));
  CHECK(active::strategyNames() == "lc|mnlp|entropy|margin|bald|rare|spread|random");
}

TEST_CASE("the strategy table has one complete row per strategy") {
  const auto& table = active::strategyTable();
  REQUIRE(table.size() == 8);
  CHECK(table.front().strategy == Strategy::LeastConfidence);  // the default comes first
  std::set<Strategy> strategies;
  std::set<std::string> ids;
  std::set<std::string> names;
  for (const auto& info : table) {
    INFO(info.id);
    strategies.insert(info.strategy);
    ids.insert(info.id);
    names.insert(info.name);
    CHECK(&active::strategyInfo(info.strategy) == &info);
    CHECK(std::string(active::toString(info.strategy)) == info.id);
    CHECK_FALSE(std::string(info.name).empty());
    const std::string description = info.description;
    CHECK_FALSE(description.empty());
    // One short line of ASCII: it goes into the CLI's help, indented 40 columns.
    CHECK(description.size() <= 45);
    CHECK(description.find('\n') == std::string::npos);
    CHECK(std::all_of(description.begin(), description.end(),
                      [](char c) { return c >= ' ' && c <= '~'; }));
  }
  CHECK(strategies.size() == table.size());
  CHECK(ids.size() == table.size());
  CHECK(names.size() == table.size());
  CHECK(active::allStrategies().size() == table.size());
}

TEST_CASE("scores follow the strategy definitions") {
  const auto p = prediction(0.25, std::log(0.25) / 4, 0.8, 0.1);
  CHECK(UncertaintyScorer(Strategy::LeastConfidence).score(p) == Approx(0.75));
  CHECK(UncertaintyScorer(Strategy::Mnlp).score(p) == Approx(std::log(4.0) / 4));
  CHECK(UncertaintyScorer(Strategy::Entropy).score(p) == Approx(0.8));
  CHECK(UncertaintyScorer(Strategy::Margin).score(p) == Approx(0.9));
  // Margin, which their rankers then boost (rare) or spread (diverse).
  CHECK(UncertaintyScorer(Strategy::Rare).score(p) == Approx(0.9));
  CHECK(UncertaintyScorer(Strategy::Spread).score(p) == Approx(0.9));
  CHECK(UncertaintyScorer::sentenceVectors(Strategy::Spread));
  CHECK_FALSE(UncertaintyScorer::sentenceVectors(Strategy::Rare));
  const double r = UncertaintyScorer(Strategy::Random, 3).score(p, 42);
  CHECK(r >= 0.0);
  CHECK(r < 1.0);
}

TEST_CASE("bald: disagreement first, least confidence breaks its ties without crossing a step") {
  CHECK(UncertaintyScorer::dropoutSamples(Strategy::Bald) == UncertaintyScorer::kDropoutSamples);
  CHECK(UncertaintyScorer::dropoutSamples(Strategy::LeastConfidence) == 0);
  CHECK(UncertaintyScorer::dropoutSamples(Strategy::Random) == 0);
  const double step = 1.0 / UncertaintyScorer::kDropoutSamples;
  auto unsure = prediction(0.01, -3, 1, 0);  // nearly the least confident possible
  auto sure = prediction(0.99, -0.01, 0, 0.98);
  auto shaky = sure;
  shaky.pathDisagreement = step;  // one sample in ten took another path
  auto shakier = unsure;
  shakier.pathDisagreement = 2 * step;
  const UncertaintyScorer bald(Strategy::Bald);
  CHECK(bald.score(sure) == Approx(0.01 / 11));
  CHECK(bald.score(unsure) < step);
  CHECK(bald.score(shaky) > bald.score(unsure));
  CHECK(bald.score(shakier) < 3 * step);
  CHECK(rank(Strategy::Bald, {sure, shakier, unsure, shaky}) == std::vector<size_t>{1, 3, 2, 0});
}

TEST_CASE("an empty document is certain, and rounding never goes below zero") {
  const model::Prediction empty;  // what the model returns for no tokens
  for (Strategy s : {Strategy::LeastConfidence, Strategy::Mnlp, Strategy::Entropy, Strategy::Margin,
                     Strategy::Bald}) {
    CHECK(UncertaintyScorer(s).score(empty) == 0.0);
  }
  const auto overOne = prediction(1.0 + 1e-15, 1e-16, -1e-17, 1.0 + 1e-15);
  for (Strategy s : {Strategy::LeastConfidence, Strategy::Mnlp, Strategy::Entropy, Strategy::Margin,
                     Strategy::Bald}) {
    CHECK(UncertaintyScorer(s).score(overOne) == 0.0);
  }
}

TEST_CASE("random scores are seeded, keyed and spread out") {
  const model::Prediction p;
  const UncertaintyScorer a(Strategy::Random, 1), b(Strategy::Random, 1), c(Strategy::Random, 2);
  CHECK(a.score(p, 5) == b.score(p, 5));  // same seed and key: same value, any order
  CHECK(a.score(p, 5) != a.score(p, 6));
  CHECK(a.score(p, 5) != c.score(p, 5));
  // Uniform enough: 10,000 keys fill ten bins evenly (each 1000 +- 15%).
  std::vector<int> bins(10, 0);
  for (uint64_t k = 0; k < 10000; ++k) {
    const double u = a.score(p, k);
    REQUIRE(u >= 0.0);
    REQUIRE(u < 1.0);
    ++bins[static_cast<size_t>(u * 10)];
  }
  for (int n : bins) CHECK(std::abs(n - 1000) < 150);
}

TEST_CASE("ranking order per strategy") {
  // Three sentences on which the strategies disagree.
  //   0: P(best) 0.5, log/token -0.1 (long sentence), entropy 0.2, margin 0.40
  //   1: P(best) 0.7, log/token -0.4 (short),         entropy 0.5, margin 0.05
  //   2: P(best) 0.9, log/token -0.05,                entropy 0.1, margin 0.85
  const std::vector<model::Prediction> ps = {prediction(0.5, -0.1, 0.2, 0.4),
                                             prediction(0.7, -0.4, 0.5, 0.05),
                                             prediction(0.9, -0.05, 0.1, 0.85)};
  CHECK(rank(Strategy::LeastConfidence, ps) == std::vector<size_t>{0, 1, 2});
  CHECK(rank(Strategy::Mnlp, ps) == std::vector<size_t>{1, 0, 2});
  CHECK(rank(Strategy::Entropy, ps) == std::vector<size_t>{1, 0, 2});
  CHECK(rank(Strategy::Margin, ps) == std::vector<size_t>{1, 0, 2});
  const auto random = rank(Strategy::Random, ps);
  CHECK(std::set<size_t>(random.begin(), random.end()) == std::set<size_t>{0, 1, 2});
  CHECK(rank(Strategy::Random, ps) == random);
}

TEST_CASE("rank order breaks ties by key and checks its input") {
  CHECK(UncertaintyScorer::rankOrder({0.5, 0.9, 0.5, 0.9}, {40, 30, 20, 10}) ==
        std::vector<size_t>{3, 1, 2, 0});
  CHECK(UncertaintyScorer::rankOrder({}, {}).empty());
  CHECK_THROWS_AS(UncertaintyScorer::rankOrder({0.5}, {}), std::invalid_argument);
}
