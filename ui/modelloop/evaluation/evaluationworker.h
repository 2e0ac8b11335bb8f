#pragma once

#include "active/devevaluator.h"

#include <QMetaType>
#include <QObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <memory>

namespace spanforge::active {
class PackageCache;
}

namespace spanforge::ui {

struct EvaluationRequest {
  int job = 0;
  QString projectPath;
  int64_t modelId = 0;
  QString modelPath;  // the model package directory
  std::shared_ptr<std::atomic<bool>> cancel;
};

struct EvaluationOutcome {
  int job = 0;
  int64_t modelId = 0;
  std::shared_ptr<const active::DevEvaluation> evaluation;  // null on failure
  QString failure;
};

// Scores the current model on the project's dev documents (the data settings
// it was trained with) on a worker thread (see WorkerThread), with every
// entity kept as an example for the evaluation view.
class EvaluationWorker : public QObject {
  Q_OBJECT

 public:
  explicit EvaluationWorker(QObject* parent = nullptr);
  ~EvaluationWorker() override;

  // Runs in the worker's thread: call through QMetaObject::invokeMethod.
  void run(const EvaluationRequest& request);

 signals:
  void finished(const spanforge::ui::EvaluationOutcome& outcome);

 private:
  std::unique_ptr<active::PackageCache> models_;
};

}  // namespace spanforge::ui

Q_DECLARE_METATYPE(spanforge::ui::EvaluationOutcome)
