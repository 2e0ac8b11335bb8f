#pragma once

#include "active/poolranker.h"
#include "active/strategy.h"
#include "project/patternlibrary.h"

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

struct RankRequest {
  int job = 0;
  QString projectPath;
  int64_t modelId = 0;
  QString modelPath;  // the model package directory
  active::Strategy strategy = active::Strategy::LeastConfidence;
  bool skipNearDuplicates = false;
  uint64_t seed = 0;
  std::shared_ptr<std::atomic<bool>> cancel;
};

struct RankOutcome {
  int job = 0;
  active::PoolRankResult result;  // cancelled: no ranking stored
  // No model (modelId 0): the pool was matched with the pattern sets instead,
  // so that Next Most Informative goes by matches (empty when cancelled).
  bool byPatterns = false;
  project::PatternApplyResult patterns;
  QString failure;                // the package or the store failed; no ranking stored
};

// Ranks a project's unlabelled pool with active::PoolRanker on a worker
// thread (see WorkerThread): batched prediction, the predictions and the
// ranking stored under the model's id, progress after every batch, the
// cancel flag checked between batches. Without a model (modelId 0) it
// matches the pool with the pattern sets (project::PatternLibrary::apply),
// the first round's ranking. Each job opens its own connection.
class RankingWorker : public QObject {
  Q_OBJECT

 public:
  explicit RankingWorker(QObject* parent = nullptr);
  ~RankingWorker() override;

  // Runs in the worker's thread: call through QMetaObject::invokeMethod.
  void run(const RankRequest& request);

 signals:
  void progressed(int job, const spanforge::active::RankProgress& progress);
  void finished(const spanforge::ui::RankOutcome& outcome);

 private:
  std::unique_ptr<active::PackageCache> models_;
};

}  // namespace spanforge::ui

Q_DECLARE_METATYPE(spanforge::active::RankProgress)
Q_DECLARE_METATYPE(spanforge::ui::RankOutcome)
