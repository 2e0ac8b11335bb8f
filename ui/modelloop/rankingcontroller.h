#pragma once

#include "active/strategy.h"
#include "common/jobtracker.h"
#include "store/rankingrepository.h"
#include "store/records.h"

#include <QObject>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::ui {

class RankingWorker;
class WorkerThread;
struct RankOutcome;

// Ranks the unlabelled pool with the current model in the background and
// answers "next most informative" from the stored ranking of the chosen
// strategy. Before any model, ranking matches the pool with the enabled
// pattern sets and "next" opens the document with the most open matches
// (Prodigy's ner.teach --patterns). One ranking job at a time; Cancel sets
// its flag, and a result that arrives after the project or model changed is
// dropped by job id.
class RankingController : public QObject {
  Q_OBJECT

 public:
  explicit RankingController(QObject* parent = nullptr);
  ~RankingController() override;

  // The UI's own connection (nullptr: no project); cancels a running job.
  void setProject(store::ProjectStore* project);
  void setModel(const std::optional<store::ModelRecord>& model);
  const std::optional<store::ModelRecord>& model() const { return model_; }

  void setStrategy(active::Strategy strategy);
  active::Strategy strategy() const { return strategy_; }
  void setSkipNearDuplicates(bool skip) { skipNearDuplicates_ = skip; }
  bool skipNearDuplicates() const { return skipNearDuplicates_; }

  bool running() const { return jobs_.isRunning(); }
  // The stored ranking of the current model with the chosen strategy.
  std::optional<store::RankingInfo> ranking();
  // For the document browser's ranked order (null without a project).
  store::RankingRepository* repository() const { return rankings_.get(); }

  // "Next most informative" from the open document `current`: the next
  // unlabelled document in the ranking after it when next() opened it,
  // else the most informative unlabelled one other than it; 0 with a
  // message when none is left. Without a model: the unlabelled document with
  // the most open pattern matches.
  int64_t next(int64_t current);

 public slots:
  void start();
  void cancel();

 signals:
  void runningChanged(bool running);
  void progressed(qint64 done, qint64 total);
  // A ranking was stored, or the strategy or model changed which one applies.
  void rankingChanged();
  void message(const QString& text);

 private:
  void finished(const RankOutcome& outcome);
  int64_t nextByPatterns(int64_t afterDocument);
  bool hasPatternSets() const;  // enabled ones: what ranks before any model
  void stop();

  store::ProjectStore* project_ = nullptr;
  std::unique_ptr<store::RankingRepository> rankings_;
  std::optional<store::ModelRecord> model_;
  active::Strategy strategy_ = active::Strategy::LeastConfidence;
  bool skipNearDuplicates_ = false;
  RankingWorker* worker_ = nullptr;
  std::unique_ptr<WorkerThread> thread_;
  std::shared_ptr<std::atomic<bool>> cancel_;
  JobTracker jobs_;
  int64_t lastFed_ = 0;  // the document next() returned last
};

}  // namespace spanforge::ui
