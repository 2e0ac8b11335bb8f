#pragma once

#include "active/documentpredictor.h"

#include <QMetaType>
#include <QObject>
#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace spanforge::active {
class PackageCache;
}
namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::ui {

struct PredictRequest {
  int job = 0;
  QString projectPath;
  int64_t modelId = 0;
  QString modelPath;  // the model package directory
  std::vector<int64_t> documents;
};

struct PredictOutcome {
  int job = 0;
  int64_t modelId = 0;
  std::vector<int64_t> documents;
  active::PredictDocumentsResult result;
  QString failure;  // the package or the store could not be read; nothing stored
};

// Predicts documents with the current model on a worker thread (see
// WorkerThread) and stores the predictions, so the span editor can show
// suggestions for a document the pool ranking has not reached. Keeps the
// model loaded and its own connection to the project between jobs.
class PredictionWorker : public QObject {
  Q_OBJECT

 public:
  explicit PredictionWorker(QObject* parent = nullptr);
  ~PredictionWorker() override;

  // Runs in the worker's thread: call through QMetaObject::invokeMethod.
  void run(const PredictRequest& request);

 signals:
  void finished(const spanforge::ui::PredictOutcome& outcome);

 private:
  std::unique_ptr<active::PackageCache> models_;
  std::unique_ptr<store::ProjectStore> project_;
};

}  // namespace spanforge::ui

Q_DECLARE_METATYPE(spanforge::ui::PredictOutcome)
