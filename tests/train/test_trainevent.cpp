#include "train/device/processmemory.h"
#include "train/trainevent.h"
#include "train/trainingobserver.h"

#include <nlohmann/json.hpp>
#include "catchapi.h"

#include <vector>

using namespace spanforge::train;

namespace {

class Recorder : public TrainingObserver {
 public:
  void onStep(const StepEvent& e) override { seen.push_back("step " + std::to_string(e.step)); }
  void onEvaluation(const EvaluationEvent& e) override {
    seen.push_back("evaluation " + std::to_string(e.step));
  }
  void onFinished(const FinishedEvent& e) override {
    seen.push_back(std::string("finished ") + toString(e.reason));
  }
  std::vector<std::string> seen;
};

}  // namespace

TEST_CASE("finish reasons have stable names") {
  for (FinishReason r : {FinishReason::Converged, FinishReason::EarlyStopped,
                         FinishReason::MaxSteps, FinishReason::MaxEpochs, FinishReason::MaxMinutes,
                         FinishReason::Cancelled, FinishReason::Failed}) {
    CHECK(parseFinishReason(toString(r)) == r);
  }
  CHECK(std::string(toString(FinishReason::EarlyStopped)) == "early-stopped");
  CHECK(std::string(toString(FinishReason::MaxMinutes)) == "max-minutes");
  CHECK_FALSE(parseFinishReason("done"));
}

TEST_CASE("an observer receives each kind of event") {
  Recorder r;
  StepEvent step;
  step.step = 7;
  EvaluationEvent eval;
  eval.step = 100;
  FinishedEvent done;
  done.reason = FinishReason::Cancelled;
  for (const TrainingEvent& e : std::vector<TrainingEvent>{step, eval, done}) r.dispatch(e);
  CHECK(r.seen == std::vector<std::string>{"step 7", "evaluation 100", "finished cancelled"});
}

TEST_CASE("events convert to JSON lines") {
  StepEvent step;
  step.step = 3;
  step.loss = 1.5;
  step.memory = {MemoryKind::Cuda, 100, 200, 300};
  nlohmann::json j = TrainingEvent(step);
  CHECK(j.at("event") == "step");
  CHECK(j.at("loss") == 1.5);
  CHECK(j.at("memory").at("kind") == "cuda");
  CHECK(j.at("memory").at("reserved") == 300);

  EvaluationEvent eval;
  eval.scores.overall.f1 = 0.25;
  eval.patienceLeft = 4;
  j = eval;
  CHECK(j.at("event") == "evaluation");
  CHECK(j.at("scores").at("ents_f") == 0.25);
  CHECK(j.at("patience_left") == 4);
  CHECK(j.at("memory").at("kind") == "rss");

  FinishedEvent done;
  done.reason = FinishReason::Failed;
  done.message = "loss became NaN at step 12";
  j = done;
  CHECK(j.at("reason") == "failed");
  CHECK(j.at("message") == "loss became NaN at step 12");
  CHECK(j.at("best").at("ents_f") == 0.0);
}

TEST_CASE("step events carry CPU use and, when known, the GPU's") {
  StepEvent step;
  nlohmann::json j = step;
  CHECK(j.at("cpu_percent") == -1.0);  // unknown
  CHECK_FALSE(j.contains("gpu"));
  CHECK_FALSE(j.contains("ranks"));

  step.cpuPercent = 97.5;
  step.gpuPercent = 40.0;
  step.gpuMemoryBytes = int64_t{3} << 30;
  step.ranks = {{4000.0, 100, 97.5}, {5000.0, 200, 120.0}};
  j = step;
  CHECK(j.at("cpu_percent") == 97.5);
  CHECK(j.at("gpu").at("percent") == 40.0);
  CHECK(j.at("gpu").at("memory") == int64_t{3} << 30);
  REQUIRE(j.at("ranks").size() == 2);
  CHECK(j.at("ranks").at(0).at("cpu_percent") == 97.5);
  CHECK(j.at("ranks").at(1).at("cpu_percent") == 120.0);
  CHECK(j.at("ranks").at(1).at("memory") == 200);

  RankStatus unknown;
  CHECK(unknown.cpuPercent == -1.0);
}

TEST_CASE("step events carry the time the step waited for its data") {
  StepEvent step;
  nlohmann::json j = step;
  CHECK(j.at("data_wait_seconds") == 0.0);
  CHECK(j.at("data_wait_percent") == -1.0);  // unknown
  step.dataWaitSeconds = 0.004;
  step.dataWaitPercent = 3.5;
  j = step;
  CHECK(j.at("data_wait_seconds") == 0.004);
  CHECK(j.at("data_wait_percent") == 3.5);
}

TEST_CASE("process memory is read from /proc/self/status") {
  const std::string status =
      "Name:\tspanforge\nVmPeak:\t  900000 kB\nVmHWM:\t   51200 kB\nVmRSS:\t   40960 kB\n";
  const auto m = ProcessMemory::parseStatus(status);
  REQUIRE(m);
  CHECK(m->kind == MemoryKind::Rss);
  CHECK(m->currentBytes == 40960LL * 1024);
  CHECK(m->peakBytes == 51200LL * 1024);
  CHECK(ProcessMemory::parseStatus("VmRSS:\t 10 kB\n")->peakBytes == 10240);
  CHECK_FALSE(ProcessMemory::parseStatus("Name:\tx\nVmRSSX:\t1 kB\n"));

  const MemoryUsage now = ProcessMemory::read();
  CHECK(now.currentBytes > 1024 * 1024);  // this test binary is bigger than 1 MiB
  CHECK(now.peakBytes >= now.currentBytes);
}
