#include "store/projectstore.h"
#include "store/storeerror.h"
#include "tempdir.h"

#include "catchapi.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cmath>

using namespace spanforge;
using spanforge::testing::TempDir;
using store::ProjectStore;
using store::RunState;
using store::StoreError;

TEST_CASE("models: one is current at a time") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  CHECK_FALSE(p->runs().currentModel());
  store::ModelRecord a;
  a.name = "first";
  a.path = "/models/first";
  a.labelsJson = R"(["PER","LOC"])";
  a.metricsJson = R"({"f1":0.8})";
  a.current = true;
  const auto idA = p->runs().addModel(a);
  store::ModelRecord b;
  b.name = "second";
  const auto idB = p->runs().addModel(b);

  auto models = p->runs().models();
  REQUIRE(models.size() == 2);
  CHECK(models[0].id == idA);
  CHECK(models[0].path == "/models/first");
  CHECK(models[0].labelsJson == R"(["PER","LOC"])");
  CHECK(models[0].metricsJson == R"({"f1":0.8})");
  CHECK(models[0].createdAt > 0);
  CHECK(models[0].current);
  CHECK(models[1].labelsJson == "[]");
  CHECK_FALSE(models[1].current);
  CHECK(p->runs().currentModel()->id == idA);

  p->runs().setCurrentModel(idB);
  CHECK(p->runs().currentModel()->id == idB);
  CHECK_FALSE(p->runs().models()[0].current);
  CHECK_THROWS_AS(p->runs().setCurrentModel(idB + 10), StoreError);
  CHECK(p->runs().currentModel()->id == idB);  // unchanged after the error

  store::ModelRecord c;
  c.name = "third";
  c.current = true;
  const auto idC = p->runs().addModel(c);
  CHECK(p->runs().currentModel()->id == idC);
}

TEST_CASE("runs and their metric events round-trip in order") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  const auto run = p->runs().startRun("[train]\nepochs = 3\n", "cpu");
  const auto other = p->runs().startRun("x = 1", "cuda:0");
  for (int i = 1; i <= 30; ++i) {
    store::MetricEvent e;
    e.step = i * 10;
    e.epoch = i / 10;
    e.loss = i == 5 ? std::nan("") : 3.0 / i;
    e.elapsedSeconds = i * 0.5;
    e.wordsPerSecond = 8400.0;
    e.memoryBytes = int64_t{1} << 30;
    e.memoryPeakBytes = int64_t{3} << 30;
    if (i % 10 == 0) {
      e.hasScores = true;
      e.precision = 0.5;
      e.recall = 0.25;
      e.f1 = 1.0 / 3.0;
      e.perLabel = {{"PER", 0.6, 0.3, 0.4, 12}, {"LOC", 0.4, 0.2, 0.2667, 7}};
    }
    p->runs().addEvent(run, e);
  }
  p->runs().addEvent(other, {});
  CHECK_THROWS_AS(p->runs().addEvent(999, {}), StoreError);

  const auto events = p->runs().events(run);
  REQUIRE(events.size() == 30);
  for (size_t k = 0; k < events.size(); ++k) CHECK(events[k].step == int64_t(k + 1) * 10);
  CHECK(std::isnan(events[4].loss));  // NaN survives (SQLite would store NULL)
  CHECK(events[0].loss == 3.0);
  CHECK(events[0].memoryPeakBytes == int64_t{3} << 30);
  CHECK_FALSE(events[0].hasScores);
  const auto& scored = events[9];
  REQUIRE(scored.hasScores);
  CHECK(scored.f1 == Approx(1.0 / 3.0));
  REQUIRE(scored.perLabel.size() == 2);
  CHECK(scored.perLabel[1].label == "LOC");
  CHECK(scored.perLabel[1].support == 7);
  CHECK(scored.perLabel[0].recall == 0.3);
  CHECK(p->runs().events(other).size() == 1);

  store::ModelRecord m;
  m.name = "trained";
  const auto model = p->runs().addModel(m);
  p->runs().finishRun(run, RunState::Finished, model);
  p->runs().finishRun(other, RunState::Failed, std::nullopt, "CUDA out of memory");
  CHECK_THROWS_AS(p->runs().finishRun(999, RunState::Stopped, std::nullopt), StoreError);

  const auto runs = p->runs().runs();
  REQUIRE(runs.size() == 2);
  CHECK(runs[0].configToml == "[train]\nepochs = 3\n");
  CHECK(runs[0].device == "cpu");
  CHECK(runs[0].state == RunState::Finished);
  CHECK(runs[0].modelId == model);
  CHECK(runs[0].startedAt > 0);
  CHECK(runs[0].finishedAt >= runs[0].startedAt);
  CHECK(runs[1].state == RunState::Failed);
  CHECK_FALSE(runs[1].modelId);
  CHECK(runs[1].message == "CUDA out of memory");
}

TEST_CASE("runs: a run whose process was killed is closed as failed at the next open") {
  TempDir dir;
  const auto path = dir.file("p.sfproj");
  ProjectStore::create(path).reset();
  const pid_t child = fork();
  if (child == 0) {
    // A training process killed mid-run: started, one event, never finished.
    auto p = ProjectStore::open(path);
    const int64_t id = p->runs().startRun("epochs = 1", "cpu");
    store::MetricEvent e;
    e.step = 5;
    e.elapsedSeconds = 12.9;
    p->runs().addEvent(id, e);
    _exit(0);
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));

  auto p = ProjectStore::open(path);
  const int64_t alive = p->runs().startRun("epochs = 2", "cpu");  // this process's own
  p.reset();
  p = ProjectStore::open(path);
  const auto runs = p->runs().runs();
  REQUIRE(runs.size() == 2);
  CHECK(runs[0].state == RunState::Failed);
  CHECK_THAT(runs[0].message, ContainsSubstring("pid " + std::to_string(child)) &&
                                  ContainsSubstring("killed or crashed"));
  CHECK(runs[0].finishedAt == runs[0].startedAt + 12);
  CHECK(runs[1].id == alive);
  CHECK(runs[1].state == RunState::Running);  // its process is alive: left alone
  CHECK(p->runs().closeAbandoned() == 0);
}
