#pragma once

#include "train/eval/evaluationreport.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace spanforge::train {

// Memory the dashboard shows: CUDA allocator statistics when training on a
// GPU, the process's resident set otherwise.
enum class MemoryKind { Rss, Cuda };

struct MemoryUsage {
  MemoryKind kind = MemoryKind::Rss;
  int64_t currentBytes = 0;   // RSS now, or CUDA bytes allocated
  int64_t peakBytes = 0;      // peak RSS (VmHWM), or peak CUDA bytes allocated
  int64_t reservedBytes = 0;  // CUDA bytes reserved by the caching allocator; 0 for RSS
};

// One process of a multi-process run, as of its last step.
struct RankStatus {
  double wordsPerSecond = 0.0;  // its own share of the training words
  int64_t memoryBytes = 0;      // its resident set (or CUDA bytes allocated)
  double cpuPercent = -1.0;     // of one core since its previous step; -1 when unknown
};

// After every optimiser step.
struct StepEvent {
  int64_t step = 0;   // 1-based, counted over the whole run
  int64_t epoch = 0;  // 1-based pass over the training data
  double loss = 0.0;  // mean loss per sentence of this batch
  int64_t batchWords = 0;
  double wordsPerSecond = 0.0;  // training throughput, smoothed by the trainer
  double learningRate = 0.0;    // used for this step
  double elapsedSeconds = 0.0;  // since training started
  double etaSeconds = -1.0;     // to the nearest step/epoch/time limit; -1 when unknown
  double progress = -1.0;       // 0..1 towards that limit; -1 when unknown
  MemoryUsage memory;
  std::vector<RankStatus> ranks;  // by rank in a multi-process run; else empty
  // This process's CPU use since the previous step, in percent of one core
  // (all threads: can exceed 100); -1 when unknown.
  double cpuPercent = -1.0;
  // Rank 0's GPU when training on CUDA and the driver's NVML answers (-1
  // otherwise): utilisation, and memory used on it by every process.
  double gpuPercent = -1.0;
  int64_t gpuMemoryBytes = -1;
  // Rank 0's time in this step waiting for its batches' tensors: building
  // them, or with training.prefetch the part the prefetch thread had not
  // done yet. And that wait's share of recent steps' time in percent
  // (DataWaitMeter); -1 when unknown.
  double dataWaitSeconds = 0.0;
  double dataWaitPercent = -1.0;
};

// One batch size measured by batch_size = "auto" (BatchSizeProbe).
struct BatchSizeTrial {
  int64_t words = 0;            // budget per batch
  double wordsPerSecond = 0.0;  // forward and backward; 0 when it did not fit
  int64_t memoryBytes = 0;      // resident (or CUDA allocated) at its largest batch
  bool fits = true;             // false: over the memory limit, or out of memory
};

// Once, before the first step, when batch_size = "auto": the size chosen
// and what was measured to choose it.
struct BatchSizeEvent {
  int64_t words = 0;
  std::vector<BatchSizeTrial> trials;
  int64_t memoryLimitBytes = 0;  // on CUDA also the device's own limit
  double seconds = 0.0;          // spent measuring
};

// After every evaluation on the dev set.
struct EvaluationEvent {
  int64_t step = 0;
  int64_t epoch = 0;
  double elapsedSeconds = 0.0;
  double trainLoss = 0.0;       // mean training loss since the previous evaluation
  EvaluationReport scores;      // dev scores now (overall, per label, errors)
  double wordsPerSecond = 0.0;  // dev inference throughput
  bool improved = false;        // a new best: the model written to disk changes
  double bestF1 = 0.0;          // best dev ents_f so far (including this one)
  int64_t bestStep = 0;
  int64_t patienceLeft = -1;  // evaluations left without improvement; -1 when patience is off
  MemoryUsage memory;
};

// Why training ended.
enum class FinishReason {
  Converged,     // the trainer's own convergence test (e.g. dev F1 reached 1.0)
  EarlyStopped,  // patience ran out
  MaxSteps,
  MaxEpochs,
  MaxMinutes,
  Cancelled,  // the cancellation token was set
  Failed,     // an error (NaN loss, out of memory, no data ...); see message
};

// "converged", "early-stopped", "max-steps", "max-epochs", "max-minutes",
// "cancelled", "failed".
const char* toString(FinishReason r);
// In words, for the message a person reads: "Reached the time limit".
const char* describe(FinishReason r);
std::optional<FinishReason> parseFinishReason(std::string_view s);

// Once, last.
struct FinishedEvent {
  FinishReason reason = FinishReason::Converged;
  std::string message;  // readable summary; the error when Failed
  int64_t steps = 0;
  int64_t epochs = 0;
  double elapsedSeconds = 0.0;
  EvaluationReport best;  // dev scores of the model written (empty when none was)
  int64_t bestStep = 0;
  std::string modelPath;  // the package written; empty when none was
  MemoryUsage memory;     // peak values of the run
};

// Any event, for queues and logs.
using TrainingEvent = std::variant<StepEvent, EvaluationEvent, FinishedEvent>;

// JSON for --log-jsonl and the run store: each object has "event": "step",
// "evaluation" or "finished" and the fields in snake_case; an evaluation's
// scores are an EvaluationReport's JSON under "scores", memory is
// {"kind": "rss"|"cuda", "current", "peak", "reserved"} in bytes. A step has
// "cpu_percent" (-1 when unknown; per rank too), "data_wait_seconds" and
// "data_wait_percent" and, when known, "gpu": {"percent", "memory"}.
void to_json(nlohmann::json& j, const MemoryUsage& m);
void to_json(nlohmann::json& j, const StepEvent& e);
// {"event": "batch_size", "words", "memory_limit", "seconds", "trials": [{"words",
// "words_per_second", "memory", "fits"}]}
void to_json(nlohmann::json& j, const BatchSizeEvent& e);
void to_json(nlohmann::json& j, const EvaluationEvent& e);
void to_json(nlohmann::json& j, const FinishedEvent& e);
void to_json(nlohmann::json& j, const TrainingEvent& e);

}  // namespace spanforge::train
