// The training worker on its own thread, watched through QSignalSpy: a run
// starts, streams steps and evaluations, and ends stored with its model; Stop
// keeps the best model so far; bad data and a diverging loss end with a
// readable message. The session drops the events of a job it gave up on.
#include "common/workerthread.h"
#include "store/projectstore.h"
#include "training/trainingsession.h"
#include "training/trainingtestproject.h"
#include "training/trainingworker.h"
#include "uitestproject.h"

#include "catchapi.h"

#include <QDir>
#include <QSignalSpy>

#include <cmath>
#include <filesystem>

using namespace spanforge;
using spanforge::testing::makeTrainingProject;
using spanforge::testing::TempDir;
using spanforge::testing::tinyTrainingConfig;
using spanforge::testing::waitFor;
using spanforge::ui::TrainingOutcome;
using spanforge::ui::TrainingRequest;
using spanforge::ui::TrainingSession;
using spanforge::ui::TrainingStart;
using spanforge::ui::TrainingWorker;
using spanforge::ui::WorkerThread;

namespace {

struct WorkerFixture {
  TempDir dir;
  std::string path = dir.file("t.spanforge");
  TrainingWorker* worker = new TrainingWorker;
  WorkerThread thread{worker};
  QSignalSpy started{worker, &TrainingWorker::started};
  QSignalSpy stepped{worker, &TrainingWorker::stepped};
  QSignalSpy evaluated{worker, &TrainingWorker::evaluated};
  QSignalSpy finished{worker, &TrainingWorker::finished};

  WorkerFixture() { makeTrainingProject(dir, path); }

  TrainingRequest request(train::TrainConfig config = tinyTrainingConfig()) {
    TrainingRequest r;
    r.job = 7;
    r.projectPath = QString::fromStdString(path);
    r.config = config;
    r.cancel = std::make_shared<std::atomic<bool>>(false);
    return r;
  }
  void run(const TrainingRequest& r) {
    TrainingWorker* w = worker;
    QMetaObject::invokeMethod(
        w, [w, r] { w->run(r); }, Qt::QueuedConnection);
  }
  TrainingOutcome outcome() {
    REQUIRE((!finished.isEmpty() || finished.wait(60000)));
    return finished.front().front().value<TrainingOutcome>();
  }
  int steps() const {
    int n = 0;
    for (const auto& args : stepped)
      n += static_cast<int>(args.at(1).value<std::vector<train::StepEvent>>().size());
    return n;
  }
};

}  // namespace

TEST_CASE("Training worker: a run starts, reports progress and is stored with its model") {
  WorkerFixture f;
  f.run(f.request());
  const TrainingOutcome o = f.outcome();
  INFO(o.failure.toStdString());
  CHECK(o.job == 7);
  CHECK(o.failure.isEmpty());
  CHECK(o.finished.reason == train::FinishReason::MaxSteps);
  REQUIRE(f.started.size() == 1);
  const auto start = f.started.front().front().value<TrainingStart>();
  CHECK(start.job == 7);
  CHECK(start.runId == o.runId);
  CHECK(start.device == QStringLiteral("cpu"));
  // Every accepted document (the import left out duplicate texts), a fifth for dev.
  const int64_t documents = store::ProjectStore::open(f.path)->documents().count({});
  CHECK(start.trainSentences + start.devSentences == documents);
  CHECK(start.devSentences == std::llround(0.2 * static_cast<double>(documents)));
  CHECK(start.modelDir == TrainingWorker::modelDirectory(QString::fromStdString(f.path), o.runId));
  CHECK(f.steps() == 20);
  for (const auto& args : f.stepped) CHECK(args.at(0).toInt() == 7);
  REQUIRE(f.evaluated.size() == 4);
  const auto last = f.evaluated.back().at(1).value<train::EvaluationEvent>();
  CHECK(last.step == 20);
  CHECK(last.scores.overall.support > 0);

  const auto project = store::ProjectStore::open(f.path);
  const auto run = project->runs().run(o.runId);
  REQUIRE(run);
  CHECK(run->state == store::RunState::Finished);
  CHECK(run->device == "cpu");
  CHECK(project->runs().events(o.runId).size() == 24);
  REQUIRE(o.modelId);
  CHECK(run->modelId == o.modelId);
  CHECK(QDir(start.modelDir).exists(QStringLiteral("meta.json")));
}

TEST_CASE("Training worker: batch_size = auto sends the size chosen before the first step") {
  WorkerFixture f;
  QSignalSpy chosen(f.worker, &TrainingWorker::batchSizeChosen);
  train::TrainConfig config = tinyTrainingConfig();
  config.training.batchSize = "auto";
  config.training.maxSteps = 4;
  f.run(f.request(config));
  const TrainingOutcome o = f.outcome();
  INFO(o.failure.toStdString());
  REQUIRE(o.failure.isEmpty());
  REQUIRE(chosen.size() == 1);
  CHECK(chosen.front().at(0).toInt() == 7);
  const auto e = chosen.front().at(1).value<train::BatchSizeEvent>();
  CHECK(e.words >= 256);
  CHECK(!e.trials.empty());
  const auto run = store::ProjectStore::open(f.path)->runs().run(o.runId);
  REQUIRE(run);
  CHECK(run->configToml.find("batch_words = " + std::to_string(e.words)) != std::string::npos);
}

TEST_CASE("Training worker: cancel stops at the next batch and keeps the best model") {
  WorkerFixture f;
  TrainingRequest r = f.request(tinyTrainingConfig(5000, 5));
  f.run(r);
  REQUIRE(f.evaluated.wait(60000));  // a best model exists
  r.cancel->store(true);
  const TrainingOutcome o = f.outcome();
  CHECK(o.failure.isEmpty());
  CHECK(o.finished.reason == train::FinishReason::Cancelled);
  CHECK(o.finished.steps < 5000);
  CHECK_FALSE(o.finished.modelPath.empty());
  REQUIRE(o.modelId);
  const auto run = store::ProjectStore::open(f.path)->runs().run(o.runId);
  CHECK(run->state == store::RunState::Stopped);
}

TEST_CASE("Training worker: errors end with a readable message, never a crash") {
  WorkerFixture f;
  SECTION("too little data: refused before a run is stored") {
    train::TrainConfig config = tinyTrainingConfig();
    config.data.minExamples = 1000;
    f.run(f.request(config));
    const TrainingOutcome o = f.outcome();
    CHECK(o.runId == 0);
    CHECK(o.finished.reason == train::FinishReason::Failed);
    CHECK(o.failure.contains(QStringLiteral("at least 1000")));
    CHECK(f.started.isEmpty());
    CHECK(store::ProjectStore::open(f.path)->runs().runs().empty());
  }
  SECTION("a NaN loss: the run is stored as failed") {
    TrainingRequest r = f.request();
    r.poisonLoss = [](int64_t step) { return step == 8; };
    f.run(r);
    const TrainingOutcome o = f.outcome();
    CHECK(o.failure.contains(QStringLiteral("NaN at step 8")));
    const auto run = store::ProjectStore::open(f.path)->runs().run(o.runId);
    REQUIRE(run);
    CHECK(run->state == store::RunState::Failed);
    CHECK(QString::fromStdString(run->message).contains(QStringLiteral("NaN")));
  }
  SECTION("a project that cannot be opened") {
    TrainingRequest r = f.request();
    r.projectPath = QString::fromStdString(f.dir.file("missing.spanforge"));
    f.run(r);
    CHECK_FALSE(f.outcome().failure.isEmpty());
  }
}

TEST_CASE("Training session: events of an abandoned job are dropped by job id") {
  TempDir dir;
  const std::string a = dir.file("a.spanforge");
  makeTrainingProject(dir, a);
  TrainingSession session;
  session.setProjectPath(QString::fromStdString(a));
  QSignalSpy started(&session, &TrainingSession::started);
  QSignalSpy finished(&session, &TrainingSession::finished);
  session.start(tinyTrainingConfig(5000, 5), QString());
  CHECK(session.isTraining());
  REQUIRE(started.wait(60000));
  session.setProjectPath(QString::fromStdString(dir.file("other.spanforge")));  // gives up job 1
  CHECK_FALSE(session.isTraining());
  QTest::qWait(500);
  CHECK(finished.isEmpty());  // job 1 ended (cancelled) but its result was not passed on
  // The abandoned run was still closed in the store, as stopped.
  REQUIRE(waitFor(
      [&] {
        const auto runs = store::ProjectStore::open(a)->runs().runs();
        return !runs.empty() && runs.back().state == store::RunState::Stopped;
      },
      20000));
}
