#include "modelloop/evaluation/evaluationworker.h"

#include "active/packagecache.h"
#include "common/nativepath.h"
#include "store/projectstore.h"
#include "train/package/modelpackage.h"

#include <exception>

namespace spanforge::ui {

EvaluationWorker::EvaluationWorker(QObject* parent)
    : QObject(parent), models_(std::make_unique<active::PackageCache>()) {
  qRegisterMetaType<EvaluationOutcome>();
}

EvaluationWorker::~EvaluationWorker() = default;

void EvaluationWorker::run(const EvaluationRequest& request) {
  EvaluationOutcome outcome;
  outcome.job = request.job;
  outcome.modelId = request.modelId;
  try {
    const auto project = store::ProjectStore::open(nativePath(request.projectPath));
    const train::ModelPackage& package =
        models_->get(request.modelId, nativePath(request.modelPath));
    outcome.evaluation = std::make_shared<const active::DevEvaluation>(
        active::DevEvaluator::run(*project, package.model(), package.config().data, 1,
                                  request.cancel.get(), request.modelId));
  } catch (const std::exception& e) {
    outcome.failure = QString::fromStdString(e.what());
  }
  emit finished(outcome);
}

}  // namespace spanforge::ui
