// K-fold cross-validated entity F1 on one CoNLL-style file (default:
// tests/data/wikigold.txt, which has no official split). Prints figures; not a test. Usage:
//   bench_crossval [--data FILE] [--folds K] [--config FILE] [--max-minutes M]
//                  [--only-fold N] [--processes N] [--seed S]
// Fold k tests on the k-th contiguous block of sentences (neighbouring
// sentences share an article, so blocks keep articles mostly apart); dev is the
// next tenth of the remaining sentences, train the rest. --processes N > 1
// trains each fold data-parallel (ranks 2..N run spanforge-cli train-worker).
#include "calibrationfigures.h"
#include "crossvalfold.h"
#include "io/removetree.h"
#include "train/config/tomlconfig.h"
#include "train/data/corpusloader.h"
#include "train/distributed/localgroup.h"
#include "train/distributed/rankjob.h"
#include "train/eval/evaluator.h"
#include "train/package/modelpackage.h"
#include "train/trainer.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

namespace fs = std::filesystem;
using namespace spanforge;

int main(int argc, char** argv) {
  std::string data = SPANFORGE_WIKIGOLD;
  std::string configFile;
  size_t folds = 5;
  int onlyFold = -1;
  double maxMinutes = 0.0;
  int processes = 1;
  long long seed = -1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--data")
      data = argv[i + 1];
    else if (a == "--folds")
      folds = static_cast<size_t>(std::atoi(argv[i + 1]));
    else if (a == "--config")
      configFile = argv[i + 1];
    else if (a == "--max-minutes")
      maxMinutes = std::atof(argv[i + 1]);
    else if (a == "--only-fold")
      onlyFold = std::atoi(argv[i + 1]);
    else if (a == "--processes")
      processes = std::atoi(argv[i + 1]);
    else if (a == "--seed")
      seed = std::atoll(argv[i + 1]);
  }
  if (!fs::exists(data) || folds < 2) {
    std::fprintf(stderr, "bench_crossval: need --data FILE (not found: %s) and --folds >= 2\n",
                 data.c_str());
    return 2;
  }
  train::TrainConfig config =
      configFile.empty() ? train::TrainConfig{} : train::loadConfigFile(configFile);
  if (maxMinutes > 0) config.training.maxMinutes = maxMinutes;
  if (seed >= 0) config.training.seed = seed;
  config.device.processes = processes;
  const train::Corpus all = train::CorpusLoader::fromFile(data).corpus;
  std::printf("data: %s (%zu sentences, %lld words), %zu folds, config %s, %d process(es)\n",
              data.c_str(), all.size(), static_cast<long long>(all.words()), folds,
              configFile.empty() ? "default" : configFile.c_str(), processes);

  const fs::path out =
      fs::temp_directory_path() / ("spanforge-bench-crossval-" + std::to_string(getpid()));
  std::vector<double> f1s;
  double minutes = 0.0;
  double ece = 0.0, rawEce = 0.0;  // summed over folds
  train::SpanCalibration pooled;   // every fold's test spans
  for (size_t k = 0; k < folds; ++k) {
    if (onlyFold >= 0 && static_cast<size_t>(onlyFold) != k) continue;
    CrossvalFold f = makeFold(all, k, folds);
    const train::Corpus test = f.test;
    spanforge::io::removeTree(out);
    train::TrainerOptions options;
    std::unique_ptr<train::LocalGroup> local;
    if (processes > 1) {
      local = std::make_unique<train::LocalGroup>(SPANFORGE_CLI, processes,
                                                  train::RankJob{config, f.train, ""});
      options.group = &local->group();
    }
    train::Trainer trainer(config, std::move(f.train), std::move(f.dev), out.string(),
                           std::move(options));
    const train::FinishedEvent done = trainer.run();
    if (local) local->finish();
    if (done.reason == train::FinishReason::Failed) {
      std::fprintf(stderr, "fold %zu failed: %s\n", k, done.message.c_str());
      return 1;
    }
    train::ModelPackage package = train::ModelPackage::load(out.string());
    const auto result = train::Evaluator::run(test, package.model());
    const auto& o = result.report.overall;
    f1s.push_back(o.f1);
    minutes += done.elapsedSeconds / 60.0;
    const bench::CalibrationFigures c = bench::calibrationFigures(test, package.model());
    ece += c.ece;
    for (const auto& s : c.outcomes) pooled.add(s);
    rawEce += c.uncalibratedEce;
    std::printf(
        "fold %zu: test P %.2f R %.2f F1 %.2f | best dev F1 %.2f at step %lld | %.1f min | "
        "span ECE %.3f (temperature %.2f; %.3f uncalibrated; %.3f by chance)\n",
        k, 100 * o.precision, 100 * o.recall, 100 * o.f1, 100 * done.best.overall.f1,
        static_cast<long long>(done.bestStep), done.elapsedSeconds / 60.0, c.ece, c.temperature,
        c.uncalibratedEce, c.chanceEce);
    std::fflush(stdout);
  }
  double mean = 0, var = 0;
  for (double f : f1s) mean += f / static_cast<double>(f1s.size());
  for (double f : f1s) var += (f - mean) * (f - mean) / static_cast<double>(f1s.size());
  std::printf("cross-validated F1: %.2f (sd %.2f over %zu folds), %.1f min of training per fold\n",
              100 * mean, 100 * std::sqrt(var), f1s.size(),
              minutes / static_cast<double>(f1s.size()));
  if (!f1s.empty())
    std::printf("span ECE, mean over folds: %.3f calibrated, %.3f uncalibrated\n",
                ece / static_cast<double>(f1s.size()), rawEce / static_cast<double>(f1s.size()));
  if (const auto all = pooled.report(); all.spans > 0)
    std::printf("span ECE, all folds' test spans pooled: %.3f over %lld spans (%.3f by chance)\n",
                all.ece, static_cast<long long>(all.spans), all.chanceEce);
  spanforge::io::removeTree(out);
  return 0;
}
