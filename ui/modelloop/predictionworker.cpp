#include "modelloop/predictionworker.h"

#include "active/packagecache.h"
#include "common/nativepath.h"
#include "store/projectstore.h"
#include "train/package/modelpackage.h"

#include <exception>

namespace spanforge::ui {

PredictionWorker::PredictionWorker(QObject* parent)
    : QObject(parent), models_(std::make_unique<active::PackageCache>()) {
  qRegisterMetaType<PredictOutcome>();
}

PredictionWorker::~PredictionWorker() = default;

void PredictionWorker::run(const PredictRequest& request) {
  PredictOutcome outcome;
  outcome.job = request.job;
  outcome.modelId = request.modelId;
  outcome.documents = request.documents;
  try {
    const std::string path = nativePath(request.projectPath);
    if (!project_ || project_->path() != path) {
      project_.reset();
      project_ = store::ProjectStore::open(path);
    }
    const train::ModelPackage& package =
        models_->get(request.modelId, nativePath(request.modelPath));
    outcome.result = active::DocumentPredictor(*project_, package.model(), request.modelId)
                         .run(request.documents);
  } catch (const std::exception& e) {
    outcome.failure = QString::fromStdString(e.what());
  }
  emit finished(outcome);
}

}  // namespace spanforge::ui
