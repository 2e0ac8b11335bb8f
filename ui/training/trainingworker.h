#pragma once

#include "train/config/trainconfig.h"
#include "train/trainevent.h"

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace spanforge::ui {

struct TrainingRequest {
  int job = 0;
  QString projectPath;
  train::TrainConfig config;
  QString devFile;  // empty: the project's dev documents, or a seeded draw
  // A model package to continue from (TrainerOptions::resumeFrom), or with
  // `pretrain` a stopped pretraining's folder to go on from; empty: none.
  QString resumeFrom;
  std::shared_ptr<std::atomic<bool>> cancel;
  std::function<bool(int64_t step)> poisonLoss;  // test hook (TrainerOptions::poisonLoss)
  // Pretrain on the project's text (PretrainJob) instead of training a model.
  bool pretrain = false;
};

// Sent once the data is loaded and the run is stored, before the first step.
struct TrainingStart {
  int job = 0;
  int64_t runId = 0;
  QString device;     // resolved: "cpu", "cuda:0"
  int processes = 1;  // data-parallel training processes (resolved [device] processes)
  QString modelDir;
  QString devSource;  // how the dev set was chosen, for people
  int64_t trainSentences = 0, trainWords = 0, devSentences = 0, devWords = 0;
  QStringList warnings;      // documents left out while loading
  bool pretraining = false;  // a PretrainJob: text, no dev set, no model
  train::TrainConfig config;
};

struct TrainingOutcome {
  int job = 0;
  int64_t runId = 0;  // 0: the run never started (failure says why)
  std::optional<int64_t> modelId;
  train::FinishedEvent finished;  // reason, message, modelPath, best scores
  QString failure;                // readable; set when the run failed or could not start
  QString storeWarning;           // the run's metrics could not all be saved
  QString pretrainedDir;          // a pretraining run's weights; empty when none were written
};

// Trains on a worker thread (see WorkerThread) over the core Trainer. Each job
// opens its own store::ProjectStore (its own SQLite connection), loads the
// project's accepted documents, stores the run and its events through a
// RunRecorder, and writes the model package beside the project
// (modelDirectory). Events reach the UI thread as queued signals carrying
// value structs; steps are sent in small batches so a fast trainer cannot
// flood the event loop. Every signal carries the job id.
class TrainingWorker : public QObject {
  Q_OBJECT

 public:
  // Steps are held back at most this long before they are sent.
  static constexpr int kStepBatchMs = 40;

  explicit TrainingWorker(QObject* parent = nullptr);

  // Runs in the worker's thread: call through QMetaObject::invokeMethod.
  void run(const TrainingRequest& request);

  // "<project dir>/<project name>.models/run-<id>".
  static QString modelDirectory(const QString& projectPath, int64_t runId);

 signals:
  void started(const spanforge::ui::TrainingStart& start);
  void stepped(int job, const std::vector<spanforge::train::StepEvent>& steps);
  void evaluated(int job, const spanforge::train::EvaluationEvent& evaluation);
  // batch_size = "auto": the size chosen, before the first step.
  void batchSizeChosen(int job, const spanforge::train::BatchSizeEvent& choice);
  void finished(const spanforge::ui::TrainingOutcome& outcome);
};

}  // namespace spanforge::ui

Q_DECLARE_METATYPE(spanforge::train::StepEvent)
Q_DECLARE_METATYPE(std::vector<spanforge::train::StepEvent>)
Q_DECLARE_METATYPE(spanforge::train::EvaluationEvent)
Q_DECLARE_METATYPE(spanforge::train::BatchSizeEvent)
Q_DECLARE_METATYPE(spanforge::ui::TrainingStart)
Q_DECLARE_METATYPE(spanforge::ui::TrainingOutcome)
