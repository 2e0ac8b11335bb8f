#pragma once

#include "text/span.h"
#include "train/config/trainconfig.h"
#include "train/eval/errorcollector.h"
#include "train/eval/evaluationreport.h"
#include "train/eval/spancalibration.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace spanforge::model {
class NerModel;
}
namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::active {

// One entity of a dev evaluation (see train::ErrorExample) in code points,
// with the text around it for a list: `before`, `text` (from the start of
// the first of both spans to the end of the last) and `after`.
struct DevExample {
  int64_t documentId = 0;
  train::ErrorKind kind = train::ErrorKind::Correct;
  std::optional<text::Span> gold;
  std::optional<text::Span> predicted;
  std::string before;
  std::string text;
  std::string after;
};

struct DevEvaluation {
  train::EvaluationReport report;  // what the trainer reports on the same documents
  // The predicted spans' scores against their accuracy, on the dev
  // documents that fitted the temperature and did not choose the checkpoint
  // (data.calibration_share; all of them when it is 0).
  train::CalibrationReport calibration;
  int64_t calibrationDocuments = 0;
  double temperature = 1.0;               // the model's, which the scores were divided by
  std::vector<train::SpanOutcome> spans;  // those documents' predicted spans: score, right or not
  std::vector<DevExample> examples;
  int64_t documents = 0;
  bool fromSplit = false;  // dev = the documents marked Dev, else the seeded draw
  bool fromRun = false;    // dev = the documents the model's training run held out
  int64_t skipped = 0;     // accepted documents that could not be scored
  bool cancelled = false;
  double seconds = 0.0;
};

// Scores a model on a project's dev documents (train::DevDocuments with the
// data settings the model was trained with) and keeps every entity as an
// example, so the evaluation view can list the sentences behind each
// number. Runs on the calling thread; use a ProjectStore of its own.
class DevEvaluator {
 public:
  static constexpr int64_t kContext = 40;  // code points either side of an example
  static constexpr size_t kBatchDocuments = 256;

  // `cancel` is checked between batches; a cancelled evaluation is empty.
  // With `modelId`, the model is scored on the dev documents its training run
  // stored (store::RunRepository::devDocuments), so documents labelled since
  // never leak in; a model without them (trained before they were stored, or
  // on a dev file) gets the draw over the documents accepted now.
  static DevEvaluation run(store::ProjectStore& project, const model::NerModel& model,
                           const train::DataSettings& settings, int threads = 1,
                           const std::atomic<bool>* cancel = nullptr,
                           std::optional<int64_t> modelId = std::nullopt);
};

}  // namespace spanforge::active
