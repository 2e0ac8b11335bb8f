#pragma once

#include "text/document.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace spanforge::store {

struct Label {
  int64_t id = 0;
  std::string name;
  std::string color;   // "#rrggbb"
  std::string hotkey;  // one character ("1".."9", "a".."z") or empty
};

// Which part of the data a document belongs to, as imported. Training makes
// its own seeded dev split from "train" and unassigned accepted documents.
enum class Split { None = 0, Train = 1, Dev = 2, Test = 3 };
const char* toString(Split s);
std::optional<Split> parseSplit(const std::string& s);

struct StoredDocument {
  int64_t id = 0;
  text::Document doc;
  Split split = Split::None;
  std::string contentHash;  // hex xxh3-128 of the text
  std::string annotator;
  int64_t createdAt = 0;  // unix seconds
  int64_t updatedAt = 0;
};

// One row of the document browser: enough to show without loading the text.
struct DocumentSummary {
  int64_t id = 0;
  std::string snippet;  // the first ~120 code points, newlines as spaces
  text::DocStatus status = text::DocStatus::Unlabelled;
  int64_t spanCount = 0;
  int64_t length = 0;  // code points
};

struct DocumentFilter {
  std::optional<text::DocStatus> status;
  std::optional<std::string> label;  // has at least one gold span with this label
  std::string search;                // case-insensitive substring of the text
  std::optional<Split> split;
};

struct ModelRecord {
  int64_t id = 0;
  std::string name;
  std::string path;         // model package directory
  std::string labelsJson;   // JSON array of label names
  std::string metricsJson;  // JSON object
  int64_t createdAt = 0;
  bool current = false;
};

enum class RunState { Running = 0, Finished = 1, Stopped = 2, Failed = 3 };

struct RunRecord {
  int64_t id = 0;
  std::optional<int64_t> modelId;
  std::string configToml;
  std::string device;
  RunState state = RunState::Running;
  std::string message;  // error text when failed
  int64_t startedAt = 0;
  int64_t finishedAt = 0;
  std::string kind = kTrainRun;  // kTrainRun or kPretrainRun

  static constexpr const char* kTrainRun = "train";
  static constexpr const char* kPretrainRun = "pretrain";
};

struct LabelScore {
  std::string label;
  double precision = 0, recall = 0, f1 = 0;
  int64_t support = 0;
};

// One event of a training run: a step, optionally with dev scores.
struct MetricEvent {
  int64_t step = 0;
  int64_t epoch = 0;
  double loss = 0;
  double elapsedSeconds = 0;
  double wordsPerSecond = 0;
  int64_t memoryBytes = 0;      // CUDA allocated, or process RSS on CPU
  int64_t memoryPeakBytes = 0;  // CUDA reserved peak, or peak RSS
  bool hasScores = false;
  double precision = 0, recall = 0, f1 = 0;
  std::vector<LabelScore> perLabel;
  // Each rank's words/s in a multi-process run (empty otherwise). Live
  // events only: the run store keeps the total (wordsPerSecond).
  std::vector<double> rankWordsPerSecond;
  // Hardware use, live events only (-1: unknown or stored). CPU in percent
  // of one core: the sum over ranks in a multi-process run, each rank's
  // beside it (empty otherwise). The GPU is rank 0's, when on CUDA with NVML.
  double cpuPercent = -1;
  std::vector<double> rankCpuPercent;
  double gpuPercent = -1;
  int64_t gpuMemoryBytes = -1;
  // Rank 0's share of recent steps' time spent waiting for batch tensors, in
  // percent (StepEvent::dataWaitPercent); live events only, like the above.
  double dataWaitPercent = -1;
};

// Spans a person decided are not entities (reject), or takes that back
// (DecisionRepository), written with the change they belong to.
struct SpanDecisions {
  std::vector<text::Span> spans;
  bool reject = true;
};

}  // namespace spanforge::store
