// Data-parallel training end to end: real spanforge-cli processes over c10d
// on loopback (train --nproc, train-worker, and torchrun's environment).
#include "../train/packagecompare.h"
#include "../train/traintestdata.h"
#include "childprocess.h"
#include "model/nermodel.h"
#include "model/vectors.h"
#include "slurp.h"
#include "tempdir.h"
#include "torchcatch.h"
#include "train/config/tomlconfig.h"
#include "train/package/modelpackage.h"

#include <nlohmann/json.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using spanforge::testing::ChildProcess;
using spanforge::testing::TempDir;
using namespace spanforge::train::testing;
using spanforge::train::ModelPackage;
namespace fs = std::filesystem;

using spanforge::testing::slurp;

namespace {

struct TrainDevFiles {
  std::string train, dev;
};

TrainDevFiles makeData(const TempDir& dir) {
  TrainDevFiles f{dir.file("train.conll"), dir.file("dev.conll")};
  writeConll(f.train, head(demoTrain(), 200));
  writeConll(f.dev, head(demoDev(), 60));
  return f;
}

// Without dropout, so that a run's result depends only on its batches.
std::string writeConfig(const TempDir& dir, const std::string& name, int64_t accumulate,
                        int64_t maxSteps, const std::string& vectors = "") {
  auto c = tinyConfig();
  c.model.vectors = vectors;
  c.model.unfreezeVectorsAfter = vectors.empty() ? 0 : 1;
  c.model.dropout = 0.0;
  c.model.wordDropout = 0.0;
  c.training.accumulateGradient = accumulate;
  // Each rank's prefetcher must feed it exactly its share of every step.
  c.training.prefetch = true;
  c.training.maxSteps = maxSteps;
  c.training.evalFrequency = maxSteps;
  const std::string path = dir.file(name);
  std::ofstream(path) << spanforge::train::toToml(c);
  return path;
}

int freePort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t n = sizeof a;
  getsockname(fd, reinterpret_cast<sockaddr*>(&a), &n);
  close(fd);
  return ntohs(a.sin_port);
}

// Waits until `log` has `steps` step events (the run is mid-training).
bool waitForSteps(const std::string& log, int steps, ChildProcess& p) {
  for (int i = 0; i < 3000; ++i) {
    std::istringstream in(slurp(log));
    std::string line;
    int n = 0;
    while (std::getline(in, line)) n += line.find("\"event\":\"step\"") != std::string::npos;
    if (n >= steps) return true;
    if (p.wait(std::chrono::seconds(0)) != -1000) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

}  // namespace

TEST_CASE("train --nproc 2 ends each step with the weights of one process on both ranks' batches") {
  TempDir dir;
  const TrainDevFiles f = makeData(dir);
  // One process accumulating 2 batches per step trains on exactly the batches
  // two ranks share out (1 each), with the same mean gradient.
  const std::string one = writeConfig(dir, "one.toml", 2, 8);
  const std::string two = writeConfig(dir, "two.toml", 1, 8);
  ChildProcess a(
      {"train", "--train", f.train, "--dev", f.dev, "--config", one, "--output", dir.file("one")},
      dir.file("a"));
  REQUIRE(a.wait() == 0);
  ChildProcess b({"train", "--train", f.train, "--dev", f.dev, "--config", two, "--output",
                  dir.file("two"), "--nproc", "2", "--log-jsonl", dir.file("two.jsonl")},
                 dir.file("b"));
  const int code = b.wait();
  INFO(b.err());
  REQUIRE(code == 0);
  CHECK(b.err().find("Processes: 2") != std::string::npos);
  CHECK(b.err().find("Reached the step limit after 8 steps") != std::string::npos);

  // Summing two float gradients is exact up to rounding: 1e-5 is far below
  // what one different batch would change (checked below).
  CHECK(maxWeightDifference(dir.file("one"), dir.file("two")) < 1e-5);
  const auto m1 = nlohmann::json::parse(slurp(dir.file("one") + "/meta.json"));
  const auto m2 = nlohmann::json::parse(slurp(dir.file("two") + "/meta.json"));
  CHECK(m1["dev_f"].get<double>() == Approx(m2["dev_f"].get<double>()).margin(1e-9));

  // Both packages predict the same spans.
  const ModelPackage p1 = ModelPackage::load(dir.file("one"));
  const ModelPackage p2 = ModelPackage::load(dir.file("two"));
  std::vector<std::vector<std::string>> sentences;
  const auto dev = head(demoDev(), 60);
  for (const auto& e : dev.examples()) sentences.push_back(e.tokens);
  const auto y1 = p1.model().predict(sentences);
  const auto y2 = p2.model().predict(sentences);
  REQUIRE(y1.size() == y2.size());
  for (size_t i = 0; i < y1.size(); ++i) CHECK(y1[i].tags == y2[i].tags);

  // Every step event carries both ranks' speed, memory and CPU use.
  std::istringstream log(slurp(dir.file("two.jsonl")));
  std::string line;
  int steps = 0;
  while (std::getline(log, line)) {
    const auto j = nlohmann::json::parse(line);
    if (j["event"] != "step") continue;
    ++steps;
    REQUIRE(j["ranks"].size() == 2);
    CHECK(j["ranks"][1]["memory"].get<int64_t>() > 0);
    CHECK(j["ranks"][1]["cpu_percent"].get<double>() >= 0.0);
    CHECK(j["cpu_percent"].get<double>() >= 0.0);
  }
  CHECK(steps == 8);

  SECTION("a different batch split is not within that tolerance") {
    const std::string alone = writeConfig(dir, "alone.toml", 1, 8);
    ChildProcess c({"train", "--train", f.train, "--dev", f.dev, "--config", alone, "--output",
                    dir.file("alone")},
                   dir.file("c"));
    REQUIRE(c.wait() == 0);
    CHECK(maxWeightDifference(dir.file("one"), dir.file("alone")) > 1e-3);
  }
}

// The vectors unfreeze at the second epoch on both ranks, and from then on
// their gradients are summed as the other weights' are.
TEST_CASE("train --nproc 2 trains unfrozen vectors as one process does") {
  TempDir dir;
  const TrainDevFiles f = makeData(dir);
  std::ofstream vectors(dir.file("v.txt"));
  int i = 0;
  for (const char* w : {"the", "to", "and", "a", "of", "in", "is", "for", "on", "you", "it", "i"}) {
    vectors << w << " " << (i % 5) * 0.1 << " " << -0.2 + (i % 3) * 0.1 << " 0.3 -0.1\n";
    ++i;
  }
  vectors.close();
  // 200 sentences are about 13 batches of 300 words: 12 steps of 2 go
  // well into the second epoch.
  const std::string one = writeConfig(dir, "one.toml", 2, 12, dir.file("v.txt"));
  const std::string two = writeConfig(dir, "two.toml", 1, 12, dir.file("v.txt"));
  ChildProcess a(
      {"train", "--train", f.train, "--dev", f.dev, "--config", one, "--output", dir.file("one")},
      dir.file("a"));
  REQUIRE(a.wait() == 0);
  ChildProcess b({"train", "--train", f.train, "--dev", f.dev, "--config", two, "--output",
                  dir.file("two"), "--nproc", "2"},
                 dir.file("b"));
  const int code = b.wait();
  INFO(b.err());
  REQUIRE(code == 0);
  CHECK(maxWeightDifference(dir.file("one"), dir.file("two")) < 1e-5);
  ModelPackage p = ModelPackage::load(dir.file("two"));
  const auto table = p.model().module().named_parameters()["vectors"];
  const auto read = torch::from_blob(const_cast<float*>(p.model().vectors()->data().data()),
                                     {p.model().vectors()->size(), 4});
  // Moved (a few steps at learning rate 0.005), and by more than rounding.
  CHECK((table.narrow(0, 1, read.size(0)) - read).abs().max().item<double>() > 1e-6);
}

TEST_CASE("a killed rank fails the whole job at once and leaves the previous model") {
  TempDir dir;
  const TrainDevFiles f = makeData(dir);
  const std::string quick = writeConfig(dir, "quick.toml", 1, 4);
  ChildProcess first({"train", "--train", f.train, "--dev", f.dev, "--config", quick, "--output",
                      dir.file("model")},
                     dir.file("first"));
  REQUIRE(first.wait() == 0);
  const std::string before = slurp(dir.file("model") + "/meta.json");
  const std::string weights = slurp(dir.file("model") + "/weights.safetensors");

  const std::string longRun = writeConfig(dir, "long.toml", 1, 100000);
  const std::string log = dir.file("events.jsonl");
  ChildProcess run({"train", "--train", f.train, "--dev", f.dev, "--config", longRun, "--output",
                    dir.file("model"), "--nproc", "2", "--log-jsonl", log},
                   dir.file("run"));
  const bool going = waitForSteps(log, 3, run);
  INFO(run.err());
  REQUIRE(going);
  const auto workers = ChildProcess::workersOf(run.pid());
  REQUIRE(workers.size() == 1);
  const auto killed = std::chrono::steady_clock::now();
  kill(workers[0], SIGKILL);
  const int code = run.wait(std::chrono::seconds(60));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - killed).count();
  INFO(run.err());
  CHECK(code == 1);
  CHECK(seconds < 30.0);
  CHECK(run.err().find("error: training failed") != std::string::npos);
  CHECK(run.err().find("rank 1 was killed by signal 9") != std::string::npos);
  CHECK(slurp(dir.file("model") + "/meta.json") == before);
  CHECK(slurp(dir.file("model") + "/weights.safetensors") == weights);
  CHECK(!fs::exists("/proc/" + std::to_string(workers[0])));
}

TEST_CASE("stopping rank 0 stops every rank and keeps the best model so far") {
  TempDir dir;
  const TrainDevFiles f = makeData(dir);
  auto c = tinyConfig();
  c.training.maxSteps = 100000;
  c.training.evalFrequency = 2;
  std::ofstream(dir.file("c.toml")) << spanforge::train::toToml(c);
  const std::string log = dir.file("events.jsonl");
  ChildProcess run({"train", "--train", f.train, "--dev", f.dev, "--config", dir.file("c.toml"),
                    "--output", dir.file("model"), "--nproc", "2", "--log-jsonl", log},
                   dir.file("run"));
  const bool going = waitForSteps(log, 5, run);
  INFO(run.err());
  REQUIRE(going);
  const auto workers = ChildProcess::workersOf(run.pid());
  REQUIRE(workers.size() == 1);
  kill(run.pid(), SIGINT);  // what the GUI's Stop does: only rank 0 is told
  const int code = run.wait(std::chrono::seconds(60));
  INFO(run.err());
  CHECK(code == 0);
  CHECK(run.err().find("Stopped after") != std::string::npos);
  CHECK(fs::exists(dir.file("model") + "/weights.safetensors"));
  CHECK(!fs::exists("/proc/" + std::to_string(workers[0])));
}

TEST_CASE("torchrun-style ranks train together, and refuse to when their data differ") {
  TempDir dir;
  const TrainDevFiles f = makeData(dir);
  const std::string config = writeConfig(dir, "c.toml", 1, 6);
  auto env = [&](int rank, int port) {
    return std::vector<std::pair<std::string, std::string>>{{"RANK", std::to_string(rank)},
                                                            {"LOCAL_RANK", std::to_string(rank)},
                                                            {"WORLD_SIZE", "2"},
                                                            {"MASTER_ADDR", "127.0.0.1"},
                                                            {"MASTER_PORT", std::to_string(port)}};
  };
  // Rank 0 binds a port freePort() found free; another process can take it
  // first (the source port of some test's connection), and then rank 0 stops
  // at once and rank 1 waits out its timeout: such a run is tried again.
  struct Ranks {
    int c0 = 0, c1 = 0;
    std::string err0, err1, out1;
  };
  auto runRanks = [&](const std::string& trainOfRank1) {
    Ranks r;
    for (int attempt = 0; attempt < 3; ++attempt) {
      const int port = freePort();
      ChildProcess r0({"train", "--train", f.train, "--dev", f.dev, "--config", config, "--output",
                       dir.file("model")},
                      dir.file("r0"), env(0, port));
      ChildProcess r1({"train", "--train", trainOfRank1, "--dev", f.dev, "--config", config,
                       "--output", dir.file("model")},
                      dir.file("r1"), env(1, port));
      r.c0 = r0.wait(std::chrono::seconds(60));
      r.c1 = r1.wait(std::chrono::seconds(60));
      r.err0 = r0.err();
      r.err1 = r1.err();
      r.out1 = r1.out();
      if (r.err0.find("Address already in use") == std::string::npos) break;
    }
    return r;
  };
  SECTION("the same data") {
    const Ranks r = runRanks(f.train);
    INFO(r.err0 << "\n---\n" << r.err1);
    CHECK(r.c0 == 0);
    CHECK(r.c1 == 0);
    CHECK(fs::exists(dir.file("model") + "/weights.safetensors"));
    CHECK(r.out1.empty());  // rank 0 reports
    CHECK(r.err0.find("Reached the step limit after 6 steps") != std::string::npos);
  }
  SECTION("different data") {
    writeConll(dir.file("other.conll"), head(demoTrain(), 150));
    const Ranks r = runRanks(dir.file("other.conll"));
    INFO(r.err0 << "\n---\n" << r.err1);
    CHECK(r.c0 == 1);
    CHECK(r.c1 == 1);
    CHECK(r.err0.find("rank 1 has other training data or config than rank 0") != std::string::npos);
    CHECK(r.err0.find("150 sentences") != std::string::npos);
    CHECK(!fs::exists(dir.file("model")));
  }
}

TEST_CASE("train-worker refuses to run outside a multi-process run") {
  TempDir dir;
  ChildProcess w({"train-worker"}, dir.file("w"));
  CHECK(w.wait() == 1);
  CHECK(w.err().find("RANK and WORLD_SIZE are not set") != std::string::npos);
}
