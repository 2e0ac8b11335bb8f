// Training and inference speed, peak memory and test F1 on WNUT-17 with a
// training config (the default one unless --config). Prints figures; not a
// test. Usage:
//   bench_train [--max-minutes M] [--data DIR] [--config FILE] [--threads N]
//               [--output DIR] [--infer-only MODEL_DIR] [--infer-batch-words N]
//               [--infer-threads N] [--processes N]
// DIR holds train.txt, dev.txt and test.txt (default: resources/demo, the
// WNUT-17 corpus). --processes N > 1 trains data-parallel on this machine
// (ranks 2..N run spanforge-cli train-worker), as bench_crossval does.
#include "calibrationfigures.h"
#include "io/removetree.h"
#include "model/computethreads.h"
#include "stepspeed.h"
#include "train/config/tomlconfig.h"
#include "train/data/corpusloader.h"
#include "train/device/processmemory.h"
#include "train/distributed/localgroup.h"
#include "train/distributed/rankjob.h"
#include "train/eval/evaluator.h"
#include "train/package/modelpackage.h"
#include "train/trainer.h"
#include "train/trainingobserver.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include <unistd.h>

namespace fs = std::filesystem;
using namespace spanforge;

namespace {

// Prints each evaluation as it comes; words/s as StepSpeed counts them.
class SpeedObserver : public train::TrainingObserver {
 public:
  void onStep(const train::StepEvent& e) override { speed_.onStep(e); }
  void onEvaluation(const train::EvaluationEvent& e) override {
    speed_.onEvaluation();
    std::printf("  step %6lld  epoch %3lld  %6.1f s  loss %8.3f  dev F1 %5.2f%s\n",
                static_cast<long long>(e.step), static_cast<long long>(e.epoch), e.elapsedSeconds,
                e.trainLoss, 100.0 * e.scores.overall.f1, e.improved ? " *" : "");
    std::fflush(stdout);
  }
  void onFinished(const train::FinishedEvent&) override {}

  double wordsPerSecond() const { return speed_.wordsPerSecond(); }

 private:
  bench::StepSpeed speed_;
};

train::Corpus load(const std::string& path) {
  auto loaded = train::CorpusLoader::fromFile(path);
  return std::move(loaded.corpus);
}

int64_t gBatchWords = train::Evaluator::kBatchWords;
int gInferThreads = 1;

void inference(const std::string& modelDir, const train::Corpus& test, int threads) {
  model::ComputeThreads::apply(threads);
  train::ModelPackage package = train::ModelPackage::load(modelDir);
  const train::EvaluationResult all =
      train::Evaluator::run(test, package.model(), gInferThreads, gBatchWords);
  const train::Evaluator evaluator(test, package.model(), gInferThreads, gBatchWords);
  train::EvaluationResult predictOnly = evaluator.evaluate(package.model());
  for (int i = 0; i < 2; ++i) {  // best of three: the machine may be busy
    const auto again = evaluator.evaluate(package.model());
    if (again.wordsPerSecond > predictOnly.wordsPerSecond) predictOnly = again;
  }
  std::printf("test F1:            %.2f (P %.2f, R %.2f, %lld entities)\n",
              100.0 * all.report.overall.f1, 100.0 * all.report.overall.precision,
              100.0 * all.report.overall.recall,
              static_cast<long long>(all.report.overall.support));
  const bench::CalibrationFigures c = bench::calibrationFigures(test, package.model());
  std::printf(
      "span ECE (test):    %.3f calibrated (temperature %.3f, fitted on dev), %.3f "
      "uncalibrated, %lld spans, %.3f by chance alone\n",
      c.ece, c.temperature, c.uncalibratedEce, static_cast<long long>(c.spans), c.chanceEce);
  std::printf("inference words/s:  %.0f (featurize + predict), %.0f (predict only)\n",
              all.wordsPerSecond, predictOnly.wordsPerSecond);
}

}  // namespace

int main(int argc, char** argv) {
  // No wall-clock cap unless asked: a run stops by steps and patience, so its
  // F1 does not depend on the machine's load.
  double maxMinutes = 0.0;
  std::string data = SPANFORGE_DEMO_DIR;
  // Per process (and removed at the end unless --output): two benchmarks at
  // once must not score each other's model.
  bool keepOutput = false;
  std::string configFile,
      output = (fs::temp_directory_path() / ("spanforge-bench-model-" + std::to_string(getpid())))
                   .string();
  std::string inferOnly;
  int threads = 0;
  int processes = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--max-minutes")
      maxMinutes = std::atof(argv[i + 1]);
    else if (a == "--data")
      data = argv[i + 1];
    else if (a == "--config")
      configFile = argv[i + 1];
    else if (a == "--threads")
      threads = std::atoi(argv[i + 1]);
    else if (a == "--output")
      output = argv[i + 1], keepOutput = true;
    else if (a == "--infer-only")
      inferOnly = argv[i + 1];
    else if (a == "--infer-batch-words")
      gBatchWords = std::atoll(argv[i + 1]);
    else if (a == "--infer-threads")
      gInferThreads = std::atoi(argv[i + 1]);
    else if (a == "--processes")
      processes = std::atoi(argv[i + 1]);
  }
  const train::Corpus test = load(data + "/test.txt");
  if (!inferOnly.empty()) {
    inference(inferOnly, test, threads);
    return 0;
  }
  train::TrainConfig config =
      configFile.empty() ? train::TrainConfig{} : train::loadConfigFile(configFile);
  if (maxMinutes > 0) config.training.maxMinutes = maxMinutes;
  config.device.threads = threads;
  config.device.processes = processes;
  train::Corpus trainData = load(data + "/train.txt");
  train::Corpus devData = load(data + "/dev.txt");
  std::printf("data: %s (train %zu sentences / %lld words, dev %zu, test %zu)\n", data.c_str(),
              trainData.size(), static_cast<long long>(trainData.words()), devData.size(),
              test.size());
  std::printf("config: %s, encoder %s, threads %d, %d process(es), max %.1f min (0 = no cap)\n",
              configFile.empty() ? "default" : configFile.c_str(), config.model.encoder.c_str(),
              threads, processes, config.training.maxMinutes);

  SpeedObserver speed;
  train::TrainerOptions options;
  options.observer = &speed;
  std::unique_ptr<train::LocalGroup> local;
  if (processes > 1) {
    local = std::make_unique<train::LocalGroup>(SPANFORGE_CLI, processes,
                                                train::RankJob{config, trainData, ""});
    options.group = &local->group();
  }
  train::Trainer trainer(config, std::move(trainData), std::move(devData), output, options);
  const train::FinishedEvent done = trainer.run();
  if (local) local->finish();
  std::printf("finished:           %s\n", done.message.c_str());
  if (done.reason == train::FinishReason::Failed) return 1;
  std::printf("training words/s:   %.0f\n", speed.wordsPerSecond());
  std::printf("minutes:            %.1f (best dev F1 %.2f at step %lld)\n",
              done.elapsedSeconds / 60.0, 100.0 * done.best.overall.f1,
              static_cast<long long>(done.bestStep));
  inference(output, test, threads);
  std::printf("peak RSS:           %.0f MB\n",
              static_cast<double>(train::ProcessMemory::read().peakBytes) / (1 << 20));
  if (!keepOutput) spanforge::io::removeTree(output);
  return 0;
}
