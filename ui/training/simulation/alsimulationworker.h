#pragma once

#include "active/alcurve.h"
#include "active/alexperiment.h"
#include "train/config/trainconfig.h"

#include <QMetaType>
#include <QObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <memory>

namespace spanforge::ui {

struct AlSimulationRequest {
  int job = 0;
  QString projectPath;
  train::TrainConfig config;
  // Callbacks and the cancel flag are the worker's to set.
  active::AlExperimentOptions options;
  double testFraction = 0.2;  // held out when no document is marked test
  std::shared_ptr<std::atomic<bool>> cancel;
};

struct AlSimulationOutcome {
  int job = 0;
  bool cancelled = false;
  QString failure;  // the data or a training failed
  QString json;     // the experiment as `al-simulate --json` writes it
  double seconds = 0.0;
};

// Runs an active-learning experiment (active::AlExperiment) on a project's
// accepted documents on a worker thread (see WorkerThread), with its own
// read-only use of the project, reporting every round as it ends.
class AlSimulationWorker : public QObject {
  Q_OBJECT

 public:
  explicit AlSimulationWorker(QObject* parent = nullptr);

  // Runs in the worker's thread: call through QMetaObject::invokeMethod.
  void run(const AlSimulationRequest& request);

 signals:
  // The sets were read: sizes and where dev and test come from, in words.
  void prepared(int job, const QString& description);
  // What trains now ("seed 0, lc round 3: 120 sentences").
  void status(int job, const QString& text);
  // Training progress inside the current round, at most a few times a second.
  void stepped(int job, qint64 step);
  void roundFinished(int job, quint64 seed, const QString& curve,
                     const spanforge::active::AlRound& round);
  void finished(const spanforge::ui::AlSimulationOutcome& outcome);
};

}  // namespace spanforge::ui

Q_DECLARE_METATYPE(spanforge::active::AlRound)
Q_DECLARE_METATYPE(spanforge::ui::AlSimulationOutcome)
