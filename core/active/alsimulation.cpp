#include "active/alsimulation.h"

#include "active/batchpredictor.h"
#include "active/uncertaintyscorer.h"
#include "model/computethreads.h"
#include "train/device/parallelfor.h"
#include "train/eval/evaluator.h"
#include "train/package/modelpackage.h"
#include "train/trainer.h"
#include "train/trainingerror.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <memory>
#include <numeric>
#include <random>
#include <stdexcept>

namespace spanforge::active {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

void checkFraction(double f, const char* name) {
  if (!(f > 0.0 && f <= 1.0))
    throw std::invalid_argument(std::string(name) + " must be in (0, 1], not " + std::to_string(f));
}

// The share of n as a count, at least one.
size_t shareOf(double fraction, size_t n) {
  return std::min(n, std::max<size_t>(1, static_cast<size_t>(std::llround(fraction * n))));
}

// A directory of its own under the system temp dir, removed (with whatever
// is in it) when the simulation ends, however it ends.
class ScratchDir {
 public:
  ScratchDir() {
    std::random_device rd;
    for (int attempt = 0; attempt < 100; ++attempt) {
      path_ = fs::temp_directory_path() /
              ("spanforge-al-" + std::to_string(rd()) + std::to_string(rd()));
      if (fs::create_directory(path_)) return;
    }
    throw std::runtime_error("cannot create a temporary directory in " +
                             fs::temp_directory_path().string());
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

}  // namespace

AlSimulation::AlSimulation(train::TrainConfig config, train::Corpus pool, train::Corpus dev,
                           train::Corpus test, AlSimulationOptions options)
    : config_(std::move(config)),
      pool_(std::move(pool)),
      dev_(std::move(dev)),
      test_(std::move(test)),
      options_(std::move(options)) {
  checkFraction(options_.seedFraction, "the seed fraction");
  checkFraction(options_.stepFraction, "the step fraction");
  if (options_.rounds < 0)
    throw std::invalid_argument("the number of rounds must be 0 (no limit) or more");
  if (pool_.empty()) throw std::invalid_argument("the training pool has no sentences");
  if (dev_.empty()) throw std::invalid_argument("the dev set has no sentences");
  if (test_.empty()) throw std::invalid_argument("the test set has no sentences");
}

std::vector<size_t> AlSimulation::rankPool(const model::NerModel& model,
                                           const std::vector<size_t>& unlabelled) const {
  const UncertaintyScorer scorer(options_.strategy, options_.seed);
  std::vector<double> scores(unlabelled.size());
  if (options_.strategy == Strategy::Random) {
    // Keyed by sentence: one fixed random order, as random sampling is.
    for (size_t i = 0; i < unlabelled.size(); ++i)
      scores[i] = UncertaintyScorer::uniform(options_.seed, unlabelled[i]);
  } else {
    constexpr size_t kChunk = 2048;  // bounds memory, lets cancellation in
    for (size_t from = 0; from < unlabelled.size(); from += kChunk) {
      if (options_.cancel && options_.cancel->load()) return {};
      const size_t to = std::min(unlabelled.size(), from + kChunk);
      std::vector<std::vector<std::string>> sentences;
      for (size_t i = from; i < to; ++i) sentences.push_back(pool_[unlabelled[i]].tokens);
      const auto predictions = BatchPredictor::predict(model, sentences, options_.threads);
      for (size_t i = from; i < to; ++i)
        scores[i] = scorer.score(predictions[i - from], unlabelled[i]);
    }
  }
  const std::vector<int64_t> keys(unlabelled.begin(), unlabelled.end());
  std::vector<size_t> order = UncertaintyScorer::rankOrder(scores, keys);
  if (options_.skipNearDuplicates) {
    std::vector<std::vector<uint64_t>> shingles;
    shingles.reserve(order.size());
    for (size_t k : order)
      shingles.push_back(NearDuplicateFilter::shingles(pool_[unlabelled[k]].tokens,
                                                       NearDuplicateFilter::kDefaultShingleSize));
    NearDuplicateFilter filter;
    const auto diverse = filter.diversify(shingles);
    std::vector<size_t> reordered;
    reordered.reserve(order.size());
    for (size_t k : diverse) reordered.push_back(order[k]);
    order = std::move(reordered);
  }
  std::vector<size_t> out;
  out.reserve(order.size());
  for (size_t k : order) out.push_back(unlabelled[k]);
  return out;
}

AlSimulationResult AlSimulation::run() {
  const auto start = Clock::now();
  model::ComputeThreads::apply(1);
  AlSimulationResult result;
  const size_t n = pool_.size();
  result.poolSentences = static_cast<int64_t>(n);
  const size_t seedCount = shareOf(options_.seedFraction, n);
  const size_t stepCount = shareOf(options_.stepFraction, n);
  result.seedSentences = static_cast<int64_t>(seedCount);
  result.stepSentences = static_cast<int64_t>(stepCount);

  // The seed set: a seeded shuffle of the pool, its first seedCount.
  std::vector<size_t> shuffled(n);
  std::iota(shuffled.begin(), shuffled.end(), 0);
  std::mt19937_64 rng(options_.seed);
  std::shuffle(shuffled.begin(), shuffled.end(), rng);
  std::vector<size_t> labelled(shuffled.begin(), shuffled.begin() + seedCount);
  std::vector<bool> isLabelled(n, false);
  for (size_t i : labelled) isLabelled[i] = true;

  std::unique_ptr<ScratchDir> scratch;
  fs::path work;
  if (options_.workDir.empty()) {
    scratch = std::make_unique<ScratchDir>();
    work = scratch->path();
  } else {
    work = options_.workDir;
    fs::create_directories(work);
  }

  std::string previous;  // the last round's package: the next one starts from it
  const int threads = train::ParallelFor::resolve(options_.threads);
  for (int64_t round = 1;; ++round) {
    train::Corpus data;
    for (size_t i : labelled) data.add(pool_[i]);
    const std::string where = "Round " + std::to_string(round) + " (" +
                              std::to_string(data.size()) + " labelled sentences): ";
    try {
      train::Trainer::validateData(config_, data, dev_);
    } catch (const train::TrainingError& e) {
      throw train::TrainingError(where + e.what() +
                                 (round == 1 ? " Raise the seed fraction." : ""));
    }
    if (options_.onRoundStart) options_.onRoundStart(round, static_cast<int64_t>(data.size()));

    AlRound r;
    r.round = round;
    r.sentences = static_cast<int64_t>(data.size());
    r.words = data.words();
    r.entities = data.entities();
    r.fraction = static_cast<double>(data.size()) / static_cast<double>(n);

    const std::string dir = (work / ("round-" + std::to_string(round))).string();
    train::TrainerOptions trainerOptions;
    trainerOptions.resumeFrom = previous;
    trainerOptions.observer = options_.observer;
    trainerOptions.cancel = options_.cancel;
    trainerOptions.trainSource = "al-simulate round " + std::to_string(round);
    const auto trainStart = Clock::now();
    train::Trainer trainer(config_, std::move(data), dev_, dir, std::move(trainerOptions));
    const train::FinishedEvent finished = trainer.run();
    r.trainSeconds = since(trainStart);
    if (finished.reason == train::FinishReason::Failed) {
      const std::string message = where + "training failed: " + finished.message;
      if (trainer.failure() == train::FailureKind::Internal) throw std::runtime_error(message);
      throw train::TrainingError(message);
    }
    if (finished.modelPath.empty()) {  // cancelled before the first evaluation
      result.cancelled = true;
      break;
    }
    r.finishReason = train::toString(finished.reason);
    r.steps = finished.steps;
    r.devF1 = finished.best.overall.f1;

    const train::ModelPackage package = train::ModelPackage::load(finished.modelPath);
    r.test = train::Evaluator::run(test_, package.model(), threads).report.overall;

    // The next round starts from this package; in a temporary directory
    // the older ones are of no further use.
    if (scratch && !previous.empty()) {
      std::error_code ec;
      fs::remove_all(previous, ec);
    }
    previous = finished.modelPath;

    const bool last = (options_.rounds > 0 && round >= options_.rounds) || labelled.size() == n ||
                      finished.reason == train::FinishReason::Cancelled;
    if (!last) {
      std::vector<size_t> unlabelled;
      for (size_t i = 0; i < n; ++i)
        if (!isLabelled[i]) unlabelled.push_back(i);
      const auto rankStart = Clock::now();
      const auto ranked = rankPool(package.model(), unlabelled);
      r.rankSeconds = since(rankStart);
      for (size_t k = 0; k < ranked.size() && k < stepCount; ++k) {
        labelled.push_back(ranked[k]);
        isLabelled[ranked[k]] = true;
      }
    }
    result.rounds.push_back(r);
    if (onRound) onRound(r);
    if (finished.reason == train::FinishReason::Cancelled ||
        (options_.cancel && options_.cancel->load())) {
      result.cancelled = true;
      break;
    }
    if (last) break;
  }
  result.seconds = since(start);
  return result;
}

}  // namespace spanforge::active
