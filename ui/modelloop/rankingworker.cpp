#include "modelloop/rankingworker.h"

#include "active/packagecache.h"
#include "common/nativepath.h"
#include "store/projectstore.h"
#include "train/package/modelpackage.h"

#include <exception>

namespace spanforge::ui {

RankingWorker::RankingWorker(QObject* parent)
    : QObject(parent), models_(std::make_unique<active::PackageCache>()) {
  qRegisterMetaType<active::RankProgress>();
  qRegisterMetaType<RankOutcome>();
}

RankingWorker::~RankingWorker() = default;

void RankingWorker::run(const RankRequest& request) {
  RankOutcome outcome;
  outcome.job = request.job;
  try {
    const auto project = store::ProjectStore::open(nativePath(request.projectPath));
    if (!request.modelId) {
      outcome.byPatterns = true;
      outcome.patterns = project::PatternLibrary(*project).apply([&](int64_t done, int64_t total) {
        emit progressed(request.job, {done, total, 0.0});
        return !request.cancel->load();
      });
      outcome.result.cancelled = request.cancel->load();
      emit finished(outcome);
      return;
    }
    const train::ModelPackage& package =
        models_->get(request.modelId, nativePath(request.modelPath));
    active::PoolRankOptions options;
    options.strategy = request.strategy;
    options.seed = request.seed;
    options.skipNearDuplicates = request.skipNearDuplicates;
    options.threads = 1;  // the other core keeps the UI and the editor's predictions quick
    options.cancel = request.cancel.get();
    options.progress = [&](const active::RankProgress& p) { emit progressed(request.job, p); };
    outcome.result = active::PoolRanker(*project, package.model(), request.modelId).run(options);
  } catch (const std::exception& e) {
    outcome.failure = QString::fromStdString(e.what());
  }
  emit finished(outcome);
}

}  // namespace spanforge::ui
