// spanforge-cli train as a user stops it: a real process and Ctrl-C (SIGINT).
#include "../train/traintestdata.h"
#include "childprocess.h"
#include "tempdir.h"
#include "train/config/tomlconfig.h"

#include "catchapi.h"

#include <csignal>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

using spanforge::testing::ChildProcess;
using spanforge::testing::TempDir;
using namespace spanforge::train::testing;

TEST_CASE("cli train stops on Ctrl-C between batches and writes the best model so far") {
  TempDir dir;
  writeConll(dir.file("train.conll"), head(demoTrain(), 200));
  writeConll(dir.file("dev.conll"), head(demoDev(), 60));
  auto config = tinyConfig();
  config.training.maxSteps = 1000000;  // Ctrl-C ends it long before
  std::ofstream(dir.file("tiny.toml")) << spanforge::train::toToml(config);

  ChildProcess train({"train", "--train", dir.file("train.conll"), "--dev", dir.file("dev.conll"),
                      "--output", dir.file("model"), "--config", dir.file("tiny.toml")},
                     dir.file("train"));
  // Wait for the first evaluation row (step 10): a best model exists from then on.
  const std::regex row(R"((^|\n) +[0-9]+ +10 +)");
  bool evaluated = false;
  for (int i = 0; i < 6000 && !evaluated; ++i) {
    evaluated = std::regex_search(train.out(), row);
    if (!evaluated && train.wait(std::chrono::seconds(0)) != -1000) break;  // exited early
    if (!evaluated) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  INFO(train.out() << train.err());
  REQUIRE(evaluated);

  kill(train.pid(), SIGINT);
  REQUIRE(train.wait(std::chrono::seconds(60)) == 0);
  const std::string err = train.err();
  CHECK(std::regex_search(err, std::regex(R"(Finished: Stopped after [0-9]+ steps?)")));
  CHECK(err.find("model written to " + dir.file("model")) != std::string::npos);
  namespace fs = std::filesystem;
  CHECK(fs::is_regular_file(dir.file("model/meta.json")));
  CHECK(fs::is_regular_file(dir.file("model/weights.safetensors")));
}
