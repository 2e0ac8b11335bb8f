#include "store/projectstore.h"
#include "tempdir.h"
#include "train/config/tomlconfig.h"
#include "train/package/modelpackage.h"
#include "train/runrecorder.h"
#include "train/trainer.h"
#include "traintestdata.h"

#include "catchapi.h"

#include <atomic>
#include <cmath>
#include <nlohmann/json.hpp>
#include <vector>

using namespace spanforge;
using namespace spanforge::train;
using namespace spanforge::train::testing;
using spanforge::testing::TempDir;

namespace {

StepEvent stepEvent(int64_t n) {
  StepEvent e;
  e.step = n;
  e.epoch = 1;
  e.loss = 10.0 / static_cast<double>(n);
  e.wordsPerSecond = 1000 + n;
  e.elapsedSeconds = 0.1 * static_cast<double>(n);
  e.memory.currentBytes = 100 + n;
  e.memory.peakBytes = 200 + n;
  return e;
}

EvaluationEvent evaluation(int64_t n, double f1) {
  EvaluationEvent e;
  e.step = n;
  e.epoch = 1;
  e.trainLoss = 2.5;
  e.scores.overall = {0.5, 0.25, f1, 8, 4, 2};
  e.scores.perLabel["PER"] = {0.75, 0.5, 0.6, 4, 3, 2};
  e.memory.kind = MemoryKind::Cuda;
  e.memory.currentBytes = 1000;
  e.memory.peakBytes = 1500;
  e.memory.reservedBytes = 4000;
  return e;
}

}  // namespace

TEST_CASE("run recorder: converts events to the stored form") {
  const store::MetricEvent s = RunRecorder::toMetricEvent(stepEvent(4));
  CHECK(s.step == 4);
  CHECK(s.loss == 2.5);
  CHECK_FALSE(s.hasScores);
  CHECK(s.memoryBytes == 104);
  CHECK(s.memoryPeakBytes == 204);  // peak RSS on the CPU

  const store::MetricEvent v = RunRecorder::toMetricEvent(evaluation(10, 0.4));
  CHECK(v.hasScores);
  CHECK(v.loss == 2.5);
  CHECK(v.precision == 0.5);
  CHECK(v.recall == 0.25);
  CHECK(v.f1 == 0.4);
  CHECK(v.memoryBytes == 1000);
  CHECK(v.memoryPeakBytes == 4000);  // reserved on a GPU
  REQUIRE(v.perLabel.size() == 1);
  CHECK(v.perLabel[0].label == "PER");
  CHECK(v.perLabel[0].f1 == 0.6);
  CHECK(v.perLabel[0].support == 4);

  CHECK(RunRecorder::stateFor(FinishReason::MaxSteps) == store::RunState::Finished);
  CHECK(RunRecorder::stateFor(FinishReason::Cancelled) == store::RunState::Stopped);
  CHECK(RunRecorder::stateFor(FinishReason::Failed) == store::RunState::Failed);
}

TEST_CASE("run recorder: live CPU and GPU figures, the CPU summed over ranks") {
  StepEvent e = stepEvent(1);
  store::MetricEvent m = RunRecorder::toMetricEvent(e);
  CHECK(m.cpuPercent == -1.0);  // unknown
  CHECK(m.rankCpuPercent.empty());
  CHECK(m.gpuPercent == -1.0);
  CHECK(m.gpuMemoryBytes == -1);

  e.cpuPercent = 95.0;
  e.gpuPercent = 60.0;
  e.gpuMemoryBytes = 5000;
  m = RunRecorder::toMetricEvent(e);
  CHECK(m.cpuPercent == 95.0);
  CHECK(m.gpuPercent == 60.0);
  CHECK(m.gpuMemoryBytes == 5000);

  e.ranks = {{1000.0, 10, 95.0}, {1200.0, 20, 110.0}, {900.0, 30, -1.0}};
  m = RunRecorder::toMetricEvent(e);
  CHECK(m.cpuPercent == 205.0);  // the ranks' known figures
  CHECK(m.rankCpuPercent == std::vector<double>{95.0, 110.0, -1.0});
  CHECK(m.rankWordsPerSecond == std::vector<double>{1000.0, 1200.0, 900.0});
  CHECK(m.gpuPercent == 60.0);  // rank 0's GPU

  // An evaluation's figures are the dev set's: no hardware use.
  CHECK(RunRecorder::toMetricEvent(evaluation(10, 0.4)).cpuPercent == -1.0);
}

TEST_CASE("run recorder: the live data wait, unknown for evaluations") {
  StepEvent e = stepEvent(1);
  CHECK(RunRecorder::toMetricEvent(e).dataWaitPercent == -1.0);
  e.dataWaitPercent = 2.5;
  CHECK(RunRecorder::toMetricEvent(e).dataWaitPercent == 2.5);
  CHECK(RunRecorder::toMetricEvent(evaluation(10, 0.4)).dataWaitPercent == -1.0);
}

TEST_CASE("run recorder: stores steps in batches, evaluations at once, and closes the run") {
  TempDir dir;
  auto project = store::ProjectStore::create(dir.file("p.spanforge"));
  auto reader = store::ProjectStore::open(dir.file("p.spanforge"));  // what another thread sees
  const TrainConfig config = tinyConfig();
  RunRecorder recorder(project->runs(), config, "cpu");
  REQUIRE(recorder.runId() > 0);
  const auto run = reader->runs().run(recorder.runId());
  REQUIRE(run);
  CHECK(run->state == store::RunState::Running);
  CHECK(run->device == "cpu");
  CHECK(fromToml(run->configToml, "stored") == config);

  for (int64_t i = 1; i < static_cast<int64_t>(RunRecorder::kStepBatch); ++i)
    recorder.onStep(stepEvent(i));
  CHECK(reader->runs().events(recorder.runId()).empty());  // still batched
  recorder.onEvaluation(evaluation(RunRecorder::kStepBatch - 1, 0.4));
  CHECK(reader->runs().events(recorder.runId()).size() == RunRecorder::kStepBatch);
  recorder.onStep(stepEvent(RunRecorder::kStepBatch));

  FinishedEvent done;
  done.reason = FinishReason::Cancelled;
  done.message = "cancelled after 50 step(s)";
  recorder.onFinished(done);
  const auto events = reader->runs().events(recorder.runId());
  CHECK(events.size() == RunRecorder::kStepBatch + 1);
  CHECK(events.back().step == static_cast<int64_t>(RunRecorder::kStepBatch));
  CHECK(events[RunRecorder::kStepBatch - 1].hasScores);
  const auto closed = reader->runs().run(recorder.runId());
  CHECK(closed->state == store::RunState::Stopped);
  CHECK(closed->message == "cancelled after 50 step(s)");
  CHECK_FALSE(closed->modelId);
  CHECK(recorder.storeError().empty());
}

TEST_CASE("run recorder: a real run stores every event and registers the model") {
  TempDir dir;
  auto project = store::ProjectStore::create(dir.file("p.spanforge"));
  TrainConfig config = tinyConfig();
  config.training.maxSteps = 20;
  RunRecorder recorder(project->runs(), config, "cpu");
  TrainerOptions options;
  options.observer = &recorder;
  const FinishedEvent done =
      Trainer(config, head(demoTrain(), 200), head(demoDev(), 100), dir.file("model"), options)
          .run();
  REQUIRE(done.reason == FinishReason::MaxSteps);
  const auto events = project->runs().events(recorder.runId());
  CHECK(events.size() == 20 + 2);  // steps and the evaluations at 10 and 20
  REQUIRE(recorder.modelId());
  const auto model = project->runs().model(*recorder.modelId());
  REQUIRE(model);
  CHECK(model->path == dir.file("model"));
  CHECK(model->name == "Run " + std::to_string(recorder.runId()));
  const auto labels = nlohmann::json::parse(model->labelsJson);
  CHECK(labels == nlohmann::json(ModelPackage::readInfo(dir.file("model")).labels));
  CHECK(nlohmann::json::parse(model->metricsJson)["dev"]["ents_f"] == Approx(done.best.overall.f1));
  const auto run = project->runs().run(recorder.runId());
  CHECK(run->state == store::RunState::Finished);
  CHECK(run->modelId == recorder.modelId());
}

TEST_CASE("run recorder: a store error is kept, never thrown into the trainer") {
  TempDir dir;
  auto project = store::ProjectStore::create(dir.file("p.spanforge"));
  RunRecorder recorder(project->runs(), tinyConfig(), "cpu");
  project->db().exec("DELETE FROM runs");  // the run vanished under the recorder
  recorder.onEvaluation(evaluation(10, 0.5));
  CHECK_FALSE(recorder.storeError().empty());
  CHECK_NOTHROW(recorder.onFinished(FinishedEvent{}));
}
