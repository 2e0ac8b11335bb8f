#include "train/trainevent.h"

#include <nlohmann/json.hpp>

namespace spanforge::train {
namespace {

constexpr FinishReason kReasons[] = {FinishReason::Converged,  FinishReason::EarlyStopped,
                                     FinishReason::MaxSteps,   FinishReason::MaxEpochs,
                                     FinishReason::MaxMinutes, FinishReason::Cancelled,
                                     FinishReason::Failed};

}  // namespace

const char* toString(FinishReason r) {
  switch (r) {
    case FinishReason::Converged:
      return "converged";
    case FinishReason::EarlyStopped:
      return "early-stopped";
    case FinishReason::MaxSteps:
      return "max-steps";
    case FinishReason::MaxEpochs:
      return "max-epochs";
    case FinishReason::MaxMinutes:
      return "max-minutes";
    case FinishReason::Cancelled:
      return "cancelled";
    case FinishReason::Failed:
      return "failed";
  }
  return "failed";
}

const char* describe(FinishReason r) {
  switch (r) {
    case FinishReason::Converged:
      return "Converged";
    case FinishReason::EarlyStopped:
      return "Stopped early (dev F1 no longer improved)";
    case FinishReason::MaxSteps:
      return "Reached the step limit";
    case FinishReason::MaxEpochs:
      return "Reached the epoch limit";
    case FinishReason::MaxMinutes:
      return "Reached the time limit";
    case FinishReason::Cancelled:
      return "Stopped";
    case FinishReason::Failed:
      return "Failed";
  }
  return "Failed";
}

std::optional<FinishReason> parseFinishReason(std::string_view s) {
  for (FinishReason r : kReasons)
    if (s == toString(r)) return r;
  return std::nullopt;
}

void to_json(nlohmann::json& j, const MemoryUsage& m) {
  j = {{"kind", m.kind == MemoryKind::Cuda ? "cuda" : "rss"},
       {"current", m.currentBytes},
       {"peak", m.peakBytes},
       {"reserved", m.reservedBytes}};
}

void to_json(nlohmann::json& j, const StepEvent& e) {
  j = {{"event", "step"},
       {"step", e.step},
       {"epoch", e.epoch},
       {"loss", e.loss},
       {"batch_words", e.batchWords},
       {"words_per_second", e.wordsPerSecond},
       {"learning_rate", e.learningRate},
       {"elapsed_seconds", e.elapsedSeconds},
       {"eta_seconds", e.etaSeconds},
       {"progress", e.progress},
       {"memory", e.memory},
       {"cpu_percent", e.cpuPercent},
       {"data_wait_seconds", e.dataWaitSeconds},
       {"data_wait_percent", e.dataWaitPercent}};
  if (e.gpuPercent >= 0) j["gpu"] = {{"percent", e.gpuPercent}, {"memory", e.gpuMemoryBytes}};
  if (e.ranks.empty()) return;
  auto& ranks = j["ranks"] = nlohmann::json::array();
  for (const auto& r : e.ranks)
    ranks.push_back({{"words_per_second", r.wordsPerSecond},
                     {"memory", r.memoryBytes},
                     {"cpu_percent", r.cpuPercent}});
}

void to_json(nlohmann::json& j, const BatchSizeEvent& e) {
  auto trials = nlohmann::json::array();
  for (const auto& t : e.trials)
    trials.push_back({{"words", t.words},
                      {"words_per_second", t.wordsPerSecond},
                      {"memory", t.memoryBytes},
                      {"fits", t.fits}});
  j = {{"event", "batch_size"},
       {"words", e.words},
       {"memory_limit", e.memoryLimitBytes},
       {"seconds", e.seconds},
       {"trials", std::move(trials)}};
}

void to_json(nlohmann::json& j, const EvaluationEvent& e) {
  j = {{"event", "evaluation"},
       {"step", e.step},
       {"epoch", e.epoch},
       {"elapsed_seconds", e.elapsedSeconds},
       {"train_loss", e.trainLoss},
       {"scores", e.scores},
       {"words_per_second", e.wordsPerSecond},
       {"improved", e.improved},
       {"best_f", e.bestF1},
       {"best_step", e.bestStep},
       {"patience_left", e.patienceLeft},
       {"memory", e.memory}};
}

void to_json(nlohmann::json& j, const FinishedEvent& e) {
  j = {{"event", "finished"}, {"reason", toString(e.reason)}, {"message", e.message},
       {"steps", e.steps},    {"epochs", e.epochs},           {"elapsed_seconds", e.elapsedSeconds},
       {"best", e.best},      {"best_step", e.bestStep},      {"model_path", e.modelPath},
       {"memory", e.memory}};
}

void to_json(nlohmann::json& j, const TrainingEvent& e) {
  std::visit([&j](const auto& ev) { to_json(j, ev); }, e);
}

}  // namespace spanforge::train
