#include "bruteforce.h"
#include "model/computethreads.h"
#include "model/crf.h"
#include "model/crflattice.h"
#include "model/tagset.h"

#include "torchcatch.h"

#include <random>

using namespace spanforge::model;
using spanforge::model::testing::allPaths;
using spanforge::model::testing::logSumExp;
using spanforge::model::testing::randomScores;
using spanforge::text::TagScheme;

namespace {

// A batch of sentences of different lengths (including 0) with random
// emissions, random learned scores and one random valid gold path each.
struct Setup {
  explicit Setup(TagScheme scheme, std::vector<std::string> labels, uint32_t seed)
      : tags(std::move(labels), scheme),
        module(std::make_shared<torch::nn::Module>()),
        crf(*module, tags) {
    ComputeThreads::apply(1);
    std::mt19937 rng(seed);
    CrfScores learned = randomScores(tags, rng, 1.5);
    // The module takes learned values only; forbidden ones are masked inside.
    for (auto* v : {&learned.start, &learned.end, &learned.transitions})
      for (auto& x : *v)
        if (!std::isfinite(x)) x = 0.3;
    crf.setScores(learned);
    const int64_t b = static_cast<int64_t>(lengths.size()), t = 5, k = tags.size();
    emissions = torch::randn({b, t, k}, torch::TensorOptions().dtype(torch::kFloat)) * 2;
    mask = torch::zeros({b, t}, torch::kBool);
    gold = torch::zeros({b, t}, torch::kLong);
    for (int64_t i = 0; i < b; ++i) {
      mask[i].narrow(0, 0, lengths[i]).fill_(true);
      const CrfLattice l(crf.scores(), row(i), lengths[i]);
      // Any valid path will do as gold: take the second best.
      const auto& path = lengths[i] > 0 ? l.secondBestPath() : l.bestPath();
      for (size_t j = 0; j < path.size(); ++j) gold[i][static_cast<int64_t>(j)] = path[j];
    }
  }
  const float* row(int64_t i) const {
    return emissions.data_ptr<float>() + i * emissions.size(1) * emissions.size(2);
  }

  std::vector<int64_t> lengths{5, 1, 3, 0, 4, 2};
  TagSet tags;
  std::shared_ptr<torch::nn::Module> module;
  Crf crf;
  torch::Tensor emissions, mask, gold;
};

}  // namespace

TEST_CASE("crf: batched log Z and path scores match brute force") {
  torch::manual_seed(1);
  for (auto [scheme, seed] : {std::pair{TagScheme::IOB2, 1u}, std::pair{TagScheme::BILUO, 2u}}) {
    Setup s(scheme, {"A"}, seed);
    const torch::Tensor logZ = s.crf.logPartition(s.emissions, s.mask);
    const torch::Tensor score = s.crf.pathScore(s.emissions, s.gold, s.mask);
    const torch::Tensor nll = s.crf.negLogLikelihood(s.emissions, s.gold, s.mask);
    const CrfScores scores = s.crf.scores();
    for (size_t i = 0; i < s.lengths.size(); ++i) {
      const int64_t n = s.lengths[i];
      const auto b = static_cast<int64_t>(i);
      if (n == 0) {
        CHECK(logZ[b].item<double>() == 0.0);
        CHECK(nll[b].item<double>() == 0.0);
        continue;
      }
      const auto paths = allPaths(scores, s.row(b), n);
      const double bruteZ = logSumExp(paths);
      CHECK(logZ[b].item<double>() == Approx(bruteZ).epsilon(1e-5));
      std::vector<int64_t> gold(static_cast<size_t>(n));
      for (int64_t j = 0; j < n; ++j) gold[static_cast<size_t>(j)] = s.gold[b][j].item<int64_t>();
      const CrfLattice l(scores, s.row(b), n);
      CHECK(score[b].item<double>() == Approx(l.pathScore(gold)).epsilon(1e-5));
      CHECK(nll[b].item<double>() == Approx(bruteZ - l.pathScore(gold)).margin(1e-4));
      CHECK(nll[b].item<double>() > 0.0);
    }
  }
}

TEST_CASE("crf: gradient of log Z is the marginals") {
  Setup s(TagScheme::BILUO, {"A", "B"}, 5);
  torch::Tensor e = s.emissions.clone().requires_grad_(true);
  s.crf.logPartition(e, s.mask).sum().backward();
  const torch::Tensor grad = e.grad();
  const CrfScores scores = s.crf.scores();
  for (size_t i = 0; i < s.lengths.size(); ++i) {
    const auto b = static_cast<int64_t>(i);
    const CrfLattice l(scores, s.row(b), s.lengths[i]);
    for (int64_t t = 0; t < s.emissions.size(1); ++t) {
      for (int64_t y = 0; y < s.tags.size(); ++y) {
        const double expected = t < s.lengths[i] ? l.marginal(t, y) : 0.0;
        CHECK(grad[b][t][y].item<double>() == Approx(expected).margin(1e-5));
      }
    }
  }
}

TEST_CASE("crf: scores() marks forbidden moves -inf and keeps learned ones") {
  Setup s(TagScheme::IOB2, {"A"}, 9);
  const CrfScores sc = s.crf.scores();
  REQUIRE(sc.numTags == 3);
  CHECK(std::isinf(sc.start[2]));          // I-A cannot start
  CHECK(std::isinf(sc.transition(0, 2)));  // O -> I-A
  CHECK(std::isfinite(sc.transition(1, 2)));
  CHECK(std::isfinite(sc.end[2]));
}
