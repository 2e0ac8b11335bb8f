#include "training/simulation/alsimulationworker.h"

#include "active/alsimulationdata.h"
#include "active/alsimulationjson.h"
#include "common/nativepath.h"
#include "common/qs.h"
#include "store/projectstore.h"
#include "train/trainingobserver.h"

#include <QElapsedTimer>

#include <exception>

namespace spanforge::ui {
namespace {

// Forwards a round's training steps as `stepped`, at most every 200 ms.
class StepForwarder : public train::TrainingObserver {
 public:
  StepForwarder(AlSimulationWorker* worker, int job) : worker_(worker), job_(job) {
    clock_.start();
  }
  void onStep(const train::StepEvent& e) override {
    if (clock_.elapsed() < 200) return;
    clock_.restart();
    emit worker_->stepped(job_, e.step);
  }
  void onEvaluation(const train::EvaluationEvent&) override {}
  void onFinished(const train::FinishedEvent&) override {}

 private:
  AlSimulationWorker* worker_;
  int job_;
  QElapsedTimer clock_;
};

}  // namespace

AlSimulationWorker::AlSimulationWorker(QObject* parent) : QObject(parent) {
  qRegisterMetaType<active::AlRound>();
  qRegisterMetaType<AlSimulationOutcome>();
}

void AlSimulationWorker::run(const AlSimulationRequest& request) {
  AlSimulationOutcome outcome;
  outcome.job = request.job;
  const int job = request.job;
  try {
    active::AlSimulationData data;
    {
      const auto project = store::ProjectStore::open(nativePath(request.projectPath));
      data = active::AlSimulationData::fromProject(*project, request.config.data,
                                                   request.testFraction);
    }
    emit prepared(job, tr("Pool: %1 training documents (%2 words, %3 entities). Dev: %4 "
                          "documents, %5. Test: %6.")
                           .arg(data.pool.size())
                           .arg(data.pool.words())
                           .arg(data.pool.entities())
                           .arg(data.dev.size())
                           .arg(qs(data.devSource))
                           .arg(qs(data.testSource)));
    StepForwarder steps(this, job);
    active::AlExperimentOptions options = request.options;
    options.simulation.cancel = request.cancel.get();
    options.simulation.observer = &steps;
    options.onPretrainStart = [this, job](int64_t sentences) {
      emit status(job, tr("Pretraining on the text of %1 pool and dev documents…").arg(sentences));
    };
    options.onRoundStart = [this, job](uint64_t seed, const std::string& curve, int64_t round,
                                       int64_t sentences) {
      const QString what = round > 0 ? tr("%1 round %2").arg(qs(curve)).arg(round)
                                     : tr("all labels (full-data reference)");
      emit status(job,
                  tr("Seed %1, %2: training on %3 documents…").arg(seed).arg(what).arg(sentences));
    };
    options.onRound = [this, job](uint64_t seed, const std::string& curve,
                                  const active::AlRound& r) {
      emit roundFinished(job, seed, qs(curve), r);
    };
    active::AlExperiment experiment(request.config, std::move(data.pool), std::move(data.dev),
                                    std::move(data.test), options);
    const active::AlExperimentResult result = experiment.run();
    outcome.cancelled = result.cancelled;
    outcome.seconds = result.seconds;
    outcome.json = qs(active::AlSimulationJson::write(request.config, options, result));
  } catch (const std::exception& e) {
    outcome.failure = qs(e.what());
  }
  emit finished(outcome);
}

}  // namespace spanforge::ui
