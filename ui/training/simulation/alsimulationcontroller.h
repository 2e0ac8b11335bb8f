#pragma once

#include "active/alexperiment.h"
#include "active/alresultcollector.h"
#include "common/jobtracker.h"
#include "train/config/trainconfig.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

namespace spanforge::ui {

class AlSimulationWorker;
class WorkerThread;
struct AlSimulationOutcome;

// Runs one active-learning experiment at a time off the UI thread
// (AlSimulationWorker) and collects its rounds as they end, so that the
// view can show the curves so far. Results of a cancelled or replaced job
// are dropped (JobTracker).
class AlSimulationController : public QObject {
  Q_OBJECT

 public:
  explicit AlSimulationController(QObject* parent = nullptr);
  ~AlSimulationController() override;

  bool isRunning() const { return jobs_.isRunning(); }
  // False when one is running. `testFraction` is held out as the test set
  // when no document is marked test.
  bool start(const QString& projectPath, const train::TrainConfig& config,
             const active::AlExperimentOptions& options, double testFraction = 0.2);
  // Stops after the batch under way; the rounds so far stay.
  void cancel();
  // Shows a saved experiment (al-simulate --json, Save as JSON) instead;
  // false with `error` set when it cannot be read. Not while one runs.
  bool open(const QString& path, QString* error);

  const active::AlResultCollector& results() const { return *results_; }
  // The last experiment that ended, as `al-simulate --json` writes it; empty before.
  const QString& json() const { return json_; }

 signals:
  void runningChanged(bool running);
  void prepared(const QString& description);
  void status(const QString& text);
  void stepped(qint64 step);
  void resultsChanged();
  void finished(const QString& message);

 private:
  void onFinished(const AlSimulationOutcome& outcome);

  AlSimulationWorker* worker_ = nullptr;  // lives in thread_
  std::unique_ptr<WorkerThread> thread_;
  std::shared_ptr<std::atomic<bool>> cancel_;
  JobTracker jobs_;
  std::unique_ptr<active::AlResultCollector> results_;
  QString json_;
};

}  // namespace spanforge::ui
