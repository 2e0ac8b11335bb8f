#include "cli/traintableprinter.h"

#include <cstdio>

namespace spanforge::cli {
namespace {

std::string megabytes(const train::MemoryUsage& m) {
  return std::to_string((m.currentBytes + (1 << 19)) >> 20);
}

}  // namespace

TrainTablePrinter::TrainTablePrinter(std::ostream& out, std::ostream& err, bool progress,
                                     int64_t evalFrequency, train::TrainingObserver* next)
    : out_(out),
      err_(err),
      progress_(progress),
      evalFrequency_(evalFrequency > 0 ? evalFrequency : 1),
      next_(next) {}

void TrainTablePrinter::printHeader() {
  char line[160];
  std::snprintf(line, sizeof line, "%5s %8s %10s %7s %7s %7s %9s %8s\n", "epoch", "step", "loss",
                "P", "R", "F", "words/s", "mem MB");
  out_ << line << std::string(68, '-') << "\n" << std::flush;
}

void TrainTablePrinter::onStep(const train::StepEvent& e) {
  lastWordsPerSecond_ = e.wordsPerSecond;
  if (progress_) {
    if (!bar_) bar_ = std::make_unique<ProgressBar>(err_, true, "train");
    const int64_t done = (e.step - 1) % evalFrequency_ + 1;
    char detail[96];
    std::snprintf(detail, sizeof detail, "step %lld  loss %.3f  %.0f words/s",
                  static_cast<long long>(e.step), e.loss, e.wordsPerSecond);
    bar_->update(done, evalFrequency_, detail);
  }
  if (next_) next_->onStep(e);
}

void TrainTablePrinter::onEvaluation(const train::EvaluationEvent& e) {
  if (bar_) bar_->finish();
  const auto& s = e.scores.overall;
  char line[160];
  std::snprintf(line, sizeof line, "%5lld %8lld %10.3f %7.2f %7.2f %7.2f %9.0f %8s%s\n",
                static_cast<long long>(e.epoch), static_cast<long long>(e.step), e.trainLoss,
                100.0 * s.precision, 100.0 * s.recall, 100.0 * s.f1, lastWordsPerSecond_,
                megabytes(e.memory).c_str(), e.improved ? " *" : "");
  out_ << line << std::flush;
  if (next_) next_->onEvaluation(e);
}

void TrainTablePrinter::onBatchSize(const train::BatchSizeEvent& e) {
  out_ << "batch size: auto chose " << e.words << " words (";
  for (size_t i = 0; i < e.trials.size(); ++i) {
    const auto& t = e.trials[i];
    char part[96];
    if (t.fits)
      std::snprintf(part, sizeof part, "%lld: %.0f words/s, %lld MB",
                    static_cast<long long>(t.words), t.wordsPerSecond,
                    static_cast<long long>(t.memoryBytes >> 20));
    else
      std::snprintf(part, sizeof part, "%lld: over %lld MB", static_cast<long long>(t.words),
                    static_cast<long long>(e.memoryLimitBytes >> 20));
    out_ << (i ? "; " : "") << part;
  }
  char tail[48];
  std::snprintf(tail, sizeof tail, "; measured in %.1f s)\n", e.seconds);
  out_ << tail << std::flush;
  if (next_) next_->onBatchSize(e);
}

void TrainTablePrinter::onFinished(const train::FinishedEvent& e) {
  if (bar_) bar_->finish();
  if (next_) next_->onFinished(e);
}

}  // namespace spanforge::cli
