#include "training/simulation/alsimulationcontroller.h"

#include "active/alsimulationjson.h"
#include "common/nativepath.h"
#include "common/workerthread.h"
#include "training/simulation/alsimulationworker.h"

#include <QFile>

#include <exception>

namespace spanforge::ui {

AlSimulationController::AlSimulationController(QObject* parent)
    : QObject(parent),
      results_(std::make_unique<active::AlResultCollector>(std::vector<active::Strategy>{})) {}

AlSimulationController::~AlSimulationController() {
  if (cancel_) cancel_->store(true);
  thread_.reset();  // returns after the batch under way
}

bool AlSimulationController::start(const QString& projectPath, const train::TrainConfig& config,
                                   const active::AlExperimentOptions& options,
                                   double testFraction) {
  if (jobs_.isRunning()) return false;
  if (!worker_) {
    worker_ = new AlSimulationWorker;
    thread_ = std::make_unique<WorkerThread>(worker_);
    const auto current = [this](int job) { return jobs_.isCurrent(job); };
    connect(worker_, &AlSimulationWorker::prepared, this,
            [this, current](int job, const QString& d) {
              if (current(job)) emit prepared(d);
            });
    connect(worker_, &AlSimulationWorker::status, this, [this, current](int job, const QString& s) {
      if (current(job)) emit status(s);
    });
    connect(worker_, &AlSimulationWorker::stepped, this, [this, current](int job, qint64 step) {
      if (current(job)) emit stepped(step);
    });
    connect(worker_, &AlSimulationWorker::roundFinished, this,
            [this, current](int job, quint64 seed, const QString& curve, const active::AlRound& r) {
              if (!current(job)) return;
              results_->add(seed, curve.toStdString(), r);
              emit resultsChanged();
            });
    connect(worker_, &AlSimulationWorker::finished, this, &AlSimulationController::onFinished);
  }
  AlSimulationRequest r;
  r.job = jobs_.start();
  r.projectPath = projectPath;
  r.config = config;
  r.options = options;
  r.testFraction = testFraction;
  r.cancel = cancel_ = std::make_shared<std::atomic<bool>>(false);
  results_ = std::make_unique<active::AlResultCollector>(options.simulation.strategies);
  json_.clear();
  emit resultsChanged();
  emit runningChanged(true);
  AlSimulationWorker* w = worker_;
  QMetaObject::invokeMethod(
      w, [w, r] { w->run(r); }, Qt::QueuedConnection);
  return true;
}

void AlSimulationController::cancel() {
  if (jobs_.isRunning() && cancel_) cancel_->store(true);
}

bool AlSimulationController::open(const QString& path, QString* error) {
  if (jobs_.isRunning()) return false;
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    *error = tr("Could not read %1: %2").arg(path, file.errorString());
    return false;
  }
  const QByteArray bytes = file.readAll();
  try {
    const active::AlExperimentResult result =
        active::AlSimulationJson::read(bytes.toStdString(), nativePath(path));
    results_ = std::make_unique<active::AlResultCollector>(result);
  } catch (const std::exception& e) {
    *error = QString::fromStdString(e.what());
    return false;
  }
  json_ = QString::fromUtf8(bytes).trimmed();
  emit resultsChanged();
  return true;
}

void AlSimulationController::onFinished(const AlSimulationOutcome& outcome) {
  if (!jobs_.finish(outcome.job)) return;
  json_ = outcome.json;
  emit runningChanged(false);
  if (!outcome.failure.isEmpty())
    emit finished(tr("The simulation failed: %1").arg(outcome.failure));
  else if (outcome.cancelled)
    emit finished(
        tr("Stopped after %1 s; the rounds so far are shown.").arg(outcome.seconds, 0, 'f', 0));
  else
    emit finished(tr("Finished in %1 min.").arg(outcome.seconds / 60.0, 0, 'f', 1));
}

}  // namespace spanforge::ui
