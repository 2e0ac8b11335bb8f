// Test F1 with a share of the training labels, with and without pretraining
// on the corpus's texts (the training texts, labels unused, plus dev).
// Prints a row and a JSON line per result; not a test. Usage:
//   bench_lowlabel [--corpus wnut17|wikigold] [--fractions 0.05,0.1,0.2,1]
//                  [--seed S] [--config FILE] [--pretrain-steps N]
//                  [--pretrained DIR] [--pretrained-out DIR] [--skip-plain]
//                  [--skip-pretrained]
// wnut17: resources/demo train/dev/test; wikigold: fold 0 of bench_crossval's
// 5-fold split. The labelled share is a seeded draw of training sentences;
// the same seed draws the same share, with and without pretraining. One
// pretraining per run (on all texts: an unlabelled pool holds the labelled
// ones too), unless --pretrained gives one; --pretrained-out keeps it.
#include "crossvalfold.h"
#include "io/removetree.h"
#include "train/config/tomlconfig.h"
#include "train/data/corpusloader.h"
#include "train/eval/evaluator.h"
#include "train/package/modelpackage.h"
#include "train/pretrain/pretrainer.h"
#include "train/trainer.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace fs = std::filesystem;
using namespace spanforge;

namespace {

train::Corpus share(const train::Corpus& all, double fraction, uint64_t seed) {
  std::vector<size_t> order(all.size());
  std::iota(order.begin(), order.end(), 0);
  std::mt19937_64 rng(seed);
  std::shuffle(order.begin(), order.end(), rng);
  const size_t n = std::max<size_t>(1, static_cast<size_t>(fraction * all.size() + 0.5));
  std::sort(order.begin(), order.begin() + n);  // corpus order, as a person would label
  train::Corpus out;
  for (size_t i = 0; i < n; ++i) out.add(all[order[i]]);
  return out;
}

std::vector<double> parseList(const std::string& s) {
  std::vector<double> out;
  std::stringstream in(s);
  std::string item;
  while (std::getline(in, item, ',')) out.push_back(std::atof(item.c_str()));
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::string corpus = "wnut17", configFile, pretrainedDir, pretrainedOut;
  std::vector<double> fractions{0.05, 0.1, 0.2, 1.0};
  long long seed = 0, pretrainSteps = -1;
  bool plain = true, pretrained = true;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool hasValue = i + 1 < argc;
    if (a == "--skip-plain")
      plain = false;
    else if (a == "--skip-pretrained")
      pretrained = false;
    else if (a == "--corpus" && hasValue)
      corpus = argv[++i];
    else if (a == "--fractions" && hasValue)
      fractions = parseList(argv[++i]);
    else if (a == "--seed" && hasValue)
      seed = std::atoll(argv[++i]);
    else if (a == "--config" && hasValue)
      configFile = argv[++i];
    else if (a == "--pretrain-steps" && hasValue)
      pretrainSteps = std::atoll(argv[++i]);
    else if (a == "--pretrained" && hasValue)
      pretrainedDir = argv[++i];
    else if (a == "--pretrained-out" && hasValue)
      pretrainedOut = argv[++i];
    else {
      std::fprintf(stderr, "bench_lowlabel: unknown or incomplete argument %s\n", a.c_str());
      return 2;
    }
  }
  train::TrainConfig config =
      configFile.empty() ? train::TrainConfig{} : train::loadConfigFile(configFile);
  config.training.seed = seed;
  if (pretrainSteps > 0) config.pretraining.maxSteps = pretrainSteps;

  train::Corpus trainAll, dev, test;
  if (corpus == "wnut17") {
    const std::string dir = SPANFORGE_DEMO_DIR;
    trainAll = train::CorpusLoader::fromFile(dir + "/train.txt").corpus;
    dev = train::CorpusLoader::fromFile(dir + "/dev.txt").corpus;
    test = train::CorpusLoader::fromFile(dir + "/test.txt").corpus;
  } else if (corpus == "wikigold") {
    CrossvalFold f = makeFold(train::CorpusLoader::fromFile(SPANFORGE_WIKIGOLD).corpus, 0, 5);
    trainAll = std::move(f.train);
    dev = std::move(f.dev);
    test = std::move(f.test);
  } else {
    std::fprintf(stderr, "bench_lowlabel: --corpus is wnut17 or wikigold\n");
    return 2;
  }
  const fs::path work =
      fs::temp_directory_path() / ("spanforge-bench-lowlabel-" + std::to_string(getpid()));
  fs::create_directories(work);
  std::printf("corpus %s: train %zu sentences, dev %zu, test %zu; seed %lld\n", corpus.c_str(),
              trainAll.size(), dev.size(), test.size(), seed);

  if (pretrained && pretrainedDir.empty()) {
    std::vector<std::vector<std::string>> texts;
    for (const auto* c : {&trainAll, &dev})
      for (const auto& e : c->examples()) texts.push_back(e.tokens);
    pretrainedDir = pretrainedOut.empty() ? (work / "pretrained").string() : pretrainedOut;
    train::Pretrainer pretrainer(config, std::move(texts), pretrainedDir);
    const train::PretrainResult r = pretrainer.run();
    if (r.reason == train::FinishReason::Failed) {
      std::fprintf(stderr, "pretraining failed: %s\n", r.message.c_str());
      return 1;
    }
    std::printf("pretrained: %lld steps, %lld epochs, held-out loss %.4f, %.1f min\n",
                static_cast<long long>(r.steps), static_cast<long long>(r.epochs), r.heldOutLoss,
                r.seconds / 60);
  }
  std::fflush(stdout);

  for (const double fraction : fractions) {
    const train::Corpus labelled = share(trainAll, fraction, static_cast<uint64_t>(seed));
    for (const bool withPretraining : {false, true}) {
      if ((withPretraining && !pretrained) || (!withPretraining && !plain)) continue;
      train::TrainConfig c = config;
      c.model.pretrained = withPretraining ? pretrainedDir : "";
      const std::string out = (work / "model").string();
      spanforge::io::removeTree(out);
      train::Trainer trainer(c, labelled, dev, out);
      const train::FinishedEvent done = trainer.run();
      if (done.reason == train::FinishReason::Failed) {
        std::fprintf(stderr, "%.0f%% %s failed: %s\n", 100 * fraction,
                     withPretraining ? "pretrained" : "plain", done.message.c_str());
        return 1;
      }
      const auto package = train::ModelPackage::load(out);
      const auto& o = train::Evaluator::run(test, package.model()).report.overall;
      std::printf(
          "%5.1f%% labels (%zu sentences) %-10s test F1 %.2f (P %.2f R %.2f) | dev F1 "
          "%.2f | %lld steps, %.1f min\n",
          100 * fraction, labelled.size(), withPretraining ? "pretrained" : "plain", 100 * o.f1,
          100 * o.precision, 100 * o.recall, 100 * done.best.overall.f1,
          static_cast<long long>(done.steps), done.elapsedSeconds / 60);
      std::printf(
          "JSON {\"corpus\": \"%s\", \"seed\": %lld, \"fraction\": %g, \"pretrained\": "
          "%s, \"f\": %.5f, \"dev_f\": %.5f, \"steps\": %lld}\n",
          corpus.c_str(), seed, fraction, withPretraining ? "true" : "false", o.f1,
          done.best.overall.f1, static_cast<long long>(done.steps));
      std::fflush(stdout);
    }
  }
  spanforge::io::removeTree(work);
  return 0;
}
