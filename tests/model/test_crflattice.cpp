#include "bruteforce.h"
#include "model/crflattice.h"
#include "model/tagset.h"

#include "catchapi.h"

#include <algorithm>
#include <random>

using namespace spanforge::model;
using spanforge::model::testing::allPaths;
using spanforge::model::testing::logSumExp;
using spanforge::model::testing::Path;
using spanforge::model::testing::randomScores;
using spanforge::text::TagScheme;

namespace {

struct Problem {
  TagSet tags;
  CrfScores scores;
  std::vector<float> emissions;
  int64_t n;
};

std::vector<Problem> problems() {
  std::mt19937 rng(42);
  std::normal_distribution<float> normal(0.0f, 2.0f);
  std::vector<Problem> out;
  const std::vector<std::pair<std::vector<std::string>, TagScheme>> sets{
      {{"A"}, TagScheme::IOB2}, {{"A", "B"}, TagScheme::IOB2}, {{"A"}, TagScheme::BILUO}};
  for (const auto& [labels, scheme] : sets) {
    for (int64_t n = 1; n <= 5; ++n) {
      for (int rep = 0; rep < 3; ++rep) {
        TagSet tags(labels, scheme);
        CrfScores s = randomScores(tags, rng, 1.5);
        std::vector<float> e(static_cast<size_t>(n * tags.size()));
        for (auto& v : e) v = normal(rng);
        out.push_back({tags, s, e, n});
      }
    }
  }
  return out;
}

}  // namespace

TEST_CASE("crf lattice: log Z, Viterbi and 2-best match brute force") {
  for (const auto& p : problems()) {
    const CrfLattice lattice(p.scores, p.emissions.data(), p.n);
    std::vector<Path> paths = allPaths(p.scores, p.emissions.data(), p.n);
    std::sort(paths.begin(), paths.end(),
              [](const Path& a, const Path& b) { return a.score > b.score; });
    REQUIRE(paths.size() >= 2);
    CHECK(lattice.logPartition() == Approx(logSumExp(paths)).epsilon(1e-9));
    CHECK(lattice.bestPath() == paths[0].tags);
    CHECK(lattice.bestScore() == Approx(paths[0].score).epsilon(1e-9));
    CHECK(lattice.secondBestPath() == paths[1].tags);
    CHECK(lattice.secondBestScore() == Approx(paths[1].score).epsilon(1e-9));
    CHECK(lattice.pathScore(paths[2 % paths.size()].tags) ==
          Approx(paths[2 % paths.size()].score).epsilon(1e-9));
  }
}

TEST_CASE("crf lattice: marginals and entropy match brute force") {
  for (const auto& p : problems()) {
    const CrfLattice lattice(p.scores, p.emissions.data(), p.n);
    const std::vector<Path> paths = allPaths(p.scores, p.emissions.data(), p.n);
    const double logZ = logSumExp(paths);
    for (int64_t t = 0; t < p.n; ++t) {
      double entropy = 0.0;
      for (int64_t y = 0; y < p.tags.size(); ++y) {
        double m = 0.0;
        for (const auto& path : paths)
          if (path.tags[static_cast<size_t>(t)] == y) m += std::exp(path.score - logZ);
        CHECK(lattice.marginal(t, y) == Approx(m).margin(1e-12).epsilon(1e-9));
        if (m > 0) entropy -= m * std::log(m);
      }
      CHECK(lattice.tokenEntropy(t) == Approx(entropy).margin(1e-12).epsilon(1e-9));
    }
  }
}

TEST_CASE("crf lattice: sub-path and span probabilities match brute force") {
  for (const auto& p : problems()) {
    const CrfLattice lattice(p.scores, p.emissions.data(), p.n);
    const std::vector<Path> paths = allPaths(p.scores, p.emissions.data(), p.n);
    const double logZ = logSumExp(paths);
    // Every span of every label: P(exactly that span) by brute force.
    for (int64_t first = 0; first < p.n; ++first) {
      for (int64_t last = first + 1; last <= p.n; ++last) {
        for (int64_t label = 0; label < static_cast<int64_t>(p.tags.labels().size()); ++label) {
          const std::vector<int64_t> sub = p.tags.spanTags(label, last - first);
          const spanforge::text::TokenSpan span{first, last, p.tags.labels()[label]};
          double pSub = 0.0, pSpan = 0.0;
          for (const auto& path : paths) {
            const double pr = std::exp(path.score - logZ);
            if (std::equal(sub.begin(), sub.end(), path.tags.begin() + first)) pSub += pr;
            const auto spans = p.tags.decode(path.tags);
            if (std::find(spans.begin(), spans.end(), span) != spans.end()) pSpan += pr;
          }
          CHECK(lattice.pathProbability(first, sub) == Approx(pSub).margin(1e-12).epsilon(1e-9));
          // BILUO: the tag path alone pins the span down; IOB2: no I- may follow.
          const bool iob2 = p.tags.scheme() == TagScheme::IOB2;
          const int64_t notNext = iob2 ? p.tags.tagOf('I', label) : -1;
          CHECK(lattice.pathProbability(first, sub, notNext) ==
                Approx(pSpan).margin(1e-12).epsilon(1e-9));
          if (!iob2) CHECK(pSub == Approx(pSpan).margin(1e-12));
        }
      }
    }
  }
}

TEST_CASE("crf lattice: constraints keep every decoded path valid") {
  std::mt19937 rng(7);
  std::normal_distribution<float> wild(0.0f, 20.0f);  // emissions that favour invalid tags
  for (TagScheme scheme : {TagScheme::IOB2, TagScheme::BILUO}) {
    const TagSet tags({"A", "B", "C"}, scheme);
    for (int rep = 0; rep < 200; ++rep) {
      const CrfScores s = randomScores(tags, rng, 5.0);
      const int64_t n = 1 + rep % 12;
      std::vector<float> e(static_cast<size_t>(n * tags.size()));
      for (auto& v : e) v = wild(rng);
      const CrfLattice lattice(s, e.data(), n);
      for (const auto* path : {&lattice.bestPath(), &lattice.secondBestPath()}) {
        REQUIRE(static_cast<int64_t>(path->size()) == n);
        CHECK(tags.allowedStart(path->front()));
        CHECK(tags.allowedEnd(path->back()));
        for (size_t i = 1; i < path->size(); ++i)
          CHECK(tags.allowedTransition((*path)[i - 1], (*path)[i]));
        // Decoding the spans and encoding them again gives the same tags.
        CHECK(tags.encode(tags.decode(*path), path->size()) == *path);
      }
    }
  }
}

TEST_CASE("crf lattice: empty sentence and long sentences stay finite") {
  const TagSet tags({"A"}, TagScheme::BILUO);
  std::mt19937 rng(3);
  const CrfScores s = randomScores(tags, rng, 1.0);
  const CrfLattice empty(s, nullptr, 0);
  CHECK(empty.logPartition() == 0.0);
  CHECK(empty.bestPath().empty());
  std::normal_distribution<float> normal(0.0f, 30.0f);
  std::vector<float> e(static_cast<size_t>(500 * tags.size()));
  for (auto& v : e) v = normal(rng);
  const CrfLattice big(s, e.data(), 500);
  CHECK(std::isfinite(big.logPartition()));
  double sum = 0.0;
  for (int64_t y = 0; y < tags.size(); ++y) sum += big.marginal(250, y);
  CHECK(sum == Approx(1.0));
  CHECK(big.bestScore() <= big.logPartition());
  CHECK(big.pathProbability(0, big.bestPath()) ==
        Approx(std::exp(big.bestScore() - big.logPartition())));
}
