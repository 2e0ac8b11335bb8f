#include "active/alsimulation.h"

#include "active/batchpredictor.h"
#include "active/diversebatch.h"
#include "active/keptround.h"
#include "active/nearduplicatefilter.h"
#include "active/rarelabelboost.h"
#include "active/roundlog.h"
#include "active/uncertaintyscorer.h"
#include "io/removetree.h"
#include "io/scratchdirectory.h"
#include "model/computethreads.h"
#include "train/device/parallelfor.h"
#include "train/eval/evaluator.h"
#include "train/package/modelpackage.h"
#include "train/stopwatch.h"
#include "train/trainer.h"
#include "train/trainingerror.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <numeric>
#include <random>
#include <stdexcept>

namespace spanforge::active {
namespace {

namespace fs = std::filesystem;
void checkFraction(double f, const char* name) {
  if (!(f > 0.0 && f <= 1.0))
    throw std::invalid_argument(std::string(name) + " must be in (0, 1], not " + std::to_string(f));
}

// The share of n as a count, at least one.
size_t shareOf(double fraction, size_t n) {
  return std::min(n, std::max<size_t>(1, static_cast<size_t>(std::llround(fraction * n))));
}

void removeQuietly(const std::string& dir) {
  std::error_code ec;
  if (!dir.empty()) io::removeTree(dir, ec);
}

}  // namespace

// A finished training: its point on the curve and its model (null when it
// was cancelled before writing one).
struct AlSimulation::Trained {
  AlRound round;
  std::string modelPath;
  std::unique_ptr<train::ModelPackage> package;
  bool cancelled = false;  // stopped early (its model, if any, is the best so far)
};

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
  if (options_.strategies.empty()) throw std::invalid_argument("no strategy to simulate");
  if (pool_.empty()) throw std::invalid_argument("the training pool has no sentences");
  if (dev_.empty()) throw std::invalid_argument("the dev set has no sentences");
  if (test_.empty()) throw std::invalid_argument("the test set has no sentences");
  checkSeedShare(config_, pool_.size(), options_.seedFraction);
}

void AlSimulation::checkSeedShare(const train::TrainConfig& config, size_t poolSize,
                                  double seedFraction) {
  const auto minimum = static_cast<size_t>(std::max<int64_t>(config.data.minExamples, 1));
  if (poolSize < minimum)
    throw train::TrainingError("the pool has " + std::to_string(poolSize) +
                               " sentences; training needs at least " + std::to_string(minimum) +
                               " (data.min_examples)");
  const size_t seedCount = shareOf(seedFraction, poolSize);
  if (seedCount >= minimum) return;
  char text[320];
  std::snprintf(
      text, sizeof text,
      "the seed share (%.1f%% of the pool's %zu sentences) is %zu sentences; training "
      "needs at least %zu (data.min_examples): raise the seed share to at least %.1f%%",
      100.0 * seedFraction, poolSize, seedCount, minimum,
      std::ceil(1000.0 * (static_cast<double>(minimum) - 0.5) / static_cast<double>(poolSize)) /
          10.0);
  throw train::TrainingError(text);
}

AlSimulation::Trained AlSimulation::train(const std::string& curve, int64_t round,
                                          const std::vector<size_t>& labelled,
                                          const std::string& dir,
                                          const std::string& resumeFrom) const {
  train::Corpus data;
  for (size_t i : labelled) data.add(pool_[i]);
  const std::string count = " (" + std::to_string(data.size()) + " labelled sentences): ";
  const std::string where =
      curve == kFullDataCurve
          ? "Full-data training" + count
          : (curve == kSeedCurve ? "Round 1" : curve + " round " + std::to_string(round)) + count;
  try {
    train::Trainer::validateData(config_, data, dev_);
  } catch (const train::TrainingError& e) {
    throw train::TrainingError(where + e.what() + (round == 1 ? " Raise the seed fraction." : ""));
  }
  Trained t;
  AlRound& r = t.round;
  r.round = round;
  r.sentences = static_cast<int64_t>(data.size());
  r.words = data.words();
  r.entities = data.entities();
  r.fraction = static_cast<double>(data.size()) / static_cast<double>(pool_.size());

  std::unique_ptr<train::ModelPackage> package =
      options_.reuseKept ? KeptRound::find(dir, config_, data, resumeFrom) : nullptr;
  if (package) {
    r.reused = true;
    r.trainSeconds = package->info().trainingSeconds;
  } else {
    if (options_.onRoundStart)
      options_.onRoundStart(curve, round, static_cast<int64_t>(data.size()));
    train::TrainerOptions trainerOptions;
    trainerOptions.resumeFrom = resumeFrom;
    trainerOptions.observer = options_.observer;
    trainerOptions.cancel = options_.cancel;
    trainerOptions.trainSource = "al-simulate " + curve + " round " + std::to_string(round);
    const train::Stopwatch watch;
    train::Trainer trainer(config_, std::move(data), dev_, dir, std::move(trainerOptions));
    const train::FinishedEvent finished = trainer.run();
    r.trainSeconds = watch.seconds();
    if (finished.reason == train::FinishReason::Failed) {
      const std::string message = where + "training failed: " + finished.message;
      if (trainer.failure() == train::FailureKind::Internal) throw std::runtime_error(message);
      throw train::TrainingError(message);
    }
    t.cancelled = finished.reason == train::FinishReason::Cancelled || cancelled();
    if (finished.modelPath.empty()) return t;  // cancelled before the first evaluation
    package = std::make_unique<train::ModelPackage>(train::ModelPackage::load(finished.modelPath));
  }
  // Kept or just written, the package says how its training went.
  const train::PackageInfo& info = package->info();
  r.finishReason = info.finishReason;
  r.steps = info.steps;
  r.devF1 = info.devF1;
  t.modelPath = package->path();
  t.package = std::move(package);
  const int threads = train::ParallelFor::resolve(options_.threads);
  r.test = train::Evaluator::run(test_, t.package->model(), threads).report.overall;
  return t;
}

std::vector<size_t> AlSimulation::rankPool(Strategy strategy, const model::NerModel& model,
                                           const std::vector<size_t>& unlabelled,
                                           const std::vector<size_t>& labelled,
                                           size_t batch) const {
  const UncertaintyScorer scorer(strategy, options_.seed);
  std::vector<double> scores(unlabelled.size());
  std::vector<std::vector<float>> vectors(unlabelled.size());
  if (strategy == Strategy::Random) {
    // Keyed by sentence: one fixed random order, as random sampling is.
    for (size_t i = 0; i < unlabelled.size(); ++i)
      scores[i] = UncertaintyScorer::uniform(options_.seed, unlabelled[i]);
  } else {
    std::map<std::string, int64_t> labelledSpans;  // for rare
    if (strategy == Strategy::Rare)
      for (size_t i : labelled)
        for (const auto& s : pool_[i].spans) ++labelledSpans[s.label];
    const RareLabelBoost boost(std::move(labelledSpans));
    constexpr size_t kChunk = 2048;  // bounds memory, lets cancellation in
    for (size_t from = 0; from < unlabelled.size(); from += kChunk) {
      if (cancelled()) return {};
      const size_t to = std::min(unlabelled.size(), from + kChunk);
      std::vector<std::vector<std::string>> sentences;
      for (size_t i = from; i < to; ++i) sentences.push_back(pool_[unlabelled[i]].tokens);
      auto predictions = BatchPredictor::predict(model, sentences, options_.threads,
                                                 UncertaintyScorer::dropoutSamples(strategy),
                                                 UncertaintyScorer::sentenceVectors(strategy));
      for (size_t i = from; i < to; ++i) {
        model::Prediction& p = predictions[i - from];
        scores[i] = scorer.score(p, unlabelled[i]);
        if (strategy == Strategy::Rare) scores[i] *= boost.factor(p);
        vectors[i] = std::move(p.sentenceVector);
      }
    }
  }
  const std::vector<int64_t> keys(unlabelled.begin(), unlabelled.end());
  std::vector<size_t> order = UncertaintyScorer::rankOrder(scores, keys);
  if (strategy == Strategy::Spread) order = DiverseBatch::reorder(order, scores, vectors, batch, 1);
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

std::unique_ptr<RoundLog> AlSimulation::openLog(const fs::path& work) const {
  if (options_.workDir.empty()) return nullptr;
  const fs::path path = work / "rounds.jsonl";
  std::error_code ec;
  if (!options_.reuseKept) fs::remove(path, ec);
  char key[160];
  std::snprintf(key, sizeof key, "seed %llu, seed share %.17g, step %.17g, diverse %d, warm %d",
                static_cast<unsigned long long>(options_.seed), options_.seedFraction,
                options_.stepFraction, options_.skipNearDuplicates ? 1 : 0,
                options_.warmStart ? 1 : 0);
  return std::make_unique<RoundLog>(path.string(),
                                    RoundLog::experiment(config_, pool_, dev_, test_, key));
}

const RoundLog::Entry* AlSimulation::recorded(const RoundLog* log, const std::string& curve,
                                              int64_t round, const std::vector<size_t>& labelled,
                                              const fs::path& dir) const {
  if (log == nullptr || options_.warmStart || !options_.reuseKept) return nullptr;
  std::error_code ec;  // a package still there is reused (KeptRound) instead
  if (fs::exists(dir / train::ModelPackage::kMetaFile, ec)) return nullptr;
  const RoundLog::Entry* e = log->find(curve, round, RoundLog::fingerprint(labelled));
  if (e == nullptr) return nullptr;
  const bool last = round == 0 || (options_.rounds > 0 && round >= options_.rounds) ||
                    labelled.size() == pool_.size();
  return last || !e->next.empty() ? e : nullptr;
}

AlSimulationResult AlSimulation::run() {
  const train::Stopwatch watch;
  model::ComputeThreads::apply(1);
  AlSimulationResult result;
  result.seed = options_.seed;
  const size_t n = pool_.size();
  result.poolSentences = static_cast<int64_t>(n);
  const size_t seedCount = shareOf(options_.seedFraction, n);
  const size_t stepCount = shareOf(options_.stepFraction, n);
  result.seedSentences = static_cast<int64_t>(seedCount);
  result.stepSentences = static_cast<int64_t>(stepCount);

  std::unique_ptr<io::ScratchDirectory> scratch;
  fs::path work;
  if (options_.workDir.empty()) {
    scratch = std::make_unique<io::ScratchDirectory>("spanforge-al-");
    work = scratch->path();
  } else {
    work = options_.workDir;
    fs::create_directories(work);
  }
  const auto finish = [&]() -> AlSimulationResult {
    result.seconds = watch.seconds();
    return std::move(result);
  };

  // The seed set: a seeded shuffle of the pool, its first seedCount. Trained
  // once; every strategy's curve starts from this model.
  std::vector<size_t> shuffled(n);
  std::iota(shuffled.begin(), shuffled.end(), 0);
  std::mt19937_64 rng(options_.seed);
  std::shuffle(shuffled.begin(), shuffled.end(), rng);
  const std::vector<size_t> seedSet(shuffled.begin(), shuffled.begin() + seedCount);
  std::unique_ptr<RoundLog> log = openLog(work);
  // The seed round is recorded under each strategy, with that strategy's picks.
  const RoundLog::Entry* seedEntry = nullptr;
  if (log)
    for (const Strategy strategy : options_.strategies) {
      seedEntry = recorded(log.get(), toString(strategy), 1, seedSet, work / "round-1");
      if (!seedEntry) break;
    }
  Trained seedRound;
  if (seedEntry) {
    seedRound.round = seedEntry->point;
    seedRound.round.recorded = true;
  } else {
    seedRound = train(kSeedCurve, 1, seedSet, (work / "round-1").string(), "");
    if (seedRound.package == nullptr) {
      result.cancelled = true;
      return finish();
    }
  }
  if (onRound) onRound(kSeedCurve, seedRound.round);

  for (const Strategy strategy : options_.strategies) {
    const std::string name = toString(strategy);
    AlCurve curve;
    curve.strategy = strategy;
    std::vector<size_t> labelled = seedSet;
    std::vector<bool> isLabelled(n, false);
    for (size_t i : labelled) isLabelled[i] = true;
    std::string previous = seedRound.modelPath;
    const train::ModelPackage* model = seedRound.package.get();
    std::unique_ptr<train::ModelPackage> owned;  // the newest round's, after the first
    AlRound point = seedRound.round;
    for (int64_t round = 1;; ++round) {
      const bool last = (options_.rounds > 0 && round >= options_.rounds) || labelled.size() == n;
      if (!last && !cancelled()) {
        std::vector<size_t> picks;
        if (model == nullptr) {  // a recorded round: its picks too
          picks = log->find(name, round, RoundLog::fingerprint(labelled))->next;
        } else {
          std::vector<size_t> unlabelled;
          for (size_t i = 0; i < n; ++i)
            if (!isLabelled[i]) unlabelled.push_back(i);
          const train::Stopwatch rankWatch;
          auto ranked = rankPool(strategy, model->model(), unlabelled, labelled, stepCount);
          point.rankSeconds = rankWatch.seconds();
          ranked.resize(std::min(ranked.size(), stepCount));
          picks = std::move(ranked);
          if (log && !cancelled())
            log->append({name, round, RoundLog::fingerprint(labelled), point, picks});
        }
        for (size_t i : picks) {
          labelled.push_back(i);
          isLabelled[i] = true;
        }
      } else if (last && log && model != nullptr) {
        log->append({name, round, RoundLog::fingerprint(labelled), point, {}});
      }
      curve.rounds.push_back(point);
      if (round > 1 && onRound) onRound(name, point);
      if (last || cancelled()) break;

      const fs::path dir = work / name / ("round-" + std::to_string(round + 1));
      if (const RoundLog::Entry* e = recorded(log.get(), name, round + 1, labelled, dir)) {
        point = e->point;
        point.recorded = true;
        owned.reset();
        model = nullptr;
        continue;
      }
      Trained next =
          train(name, round + 1, labelled, dir.string(), options_.warmStart ? previous : "");
      if (next.package == nullptr) break;  // cancelled before its first evaluation
      // In a temporary directory, what no later round starts from goes.
      if (scratch && previous != seedRound.modelPath) removeQuietly(previous);
      previous = next.modelPath;
      owned = std::move(next.package);
      model = owned.get();
      point = next.round;
    }
    result.curves.push_back(std::move(curve));
    if (cancelled()) {
      result.cancelled = true;
      return finish();
    }
  }

  if (options_.fullData) {
    std::vector<size_t> all(n);
    std::iota(all.begin(), all.end(), 0);
    if (const RoundLog::Entry* e =
            recorded(log.get(), kFullDataCurve, 0, all, work / "full-data")) {
      result.fullData = e->point;
      result.fullData->recorded = true;
      if (onRound) onRound(kFullDataCurve, *result.fullData);
      return finish();
    }
    Trained full = train(kFullDataCurve, 0, all, (work / "full-data").string(), "");
    if (full.package != nullptr) {
      result.fullData = full.round;
      if (onRound) onRound(kFullDataCurve, full.round);
      if (log && !full.cancelled)
        log->append({kFullDataCurve, 0, RoundLog::fingerprint(all), full.round, {}});
    }
    result.cancelled = full.cancelled;
  }
  return finish();
}

}  // namespace spanforge::active
