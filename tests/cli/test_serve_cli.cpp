// spanforge-cli serve as a user runs it: a real process, a real client, Ctrl-C.
#include "../train/traintestdata.h"
#include "childprocess.h"
#include "clirunner.h"
#include "slurp.h"
#include "tempdir.h"
#include "train/config/tomlconfig.h"

#include <httplib.h>
#include <nlohmann/json.hpp>
#include "catchapi.h"

#include <csignal>
#include <fstream>
#include <regex>
#include <sstream>

using spanforge::testing::ChildProcess;
using spanforge::testing::TempDir;
using namespace spanforge::train::testing;
using Json = nlohmann::json;

namespace {

// A tiny package in dir/model, trained on the first 60 training sentences.
std::string trainModel(const TempDir& dir) {
  writeConll(dir.file("train.conll"), head(demoTrain(), 60));
  writeConll(dir.file("dev.conll"), head(demoDev(), 60));
  auto config = tinyConfig();
  config.training.maxSteps = 150;
  config.training.optimizer = "adam";  // learns the 60 sentences' entities in 150 steps
  config.training.learningRate = 0.01;
  std::ofstream(dir.file("tiny.toml")) << spanforge::train::toToml(config);
  const auto r = spanforge::testing::runCliArgs(
      {"train", "--train", dir.file("train.conll"), "--dev", dir.file("dev.conll"), "--output",
       dir.file("model"), "--config", dir.file("tiny.toml")});
  REQUIRE(r.code == 0);
  return dir.file("model");
}

// The port from "Serving ... at http://127.0.0.1:PORT", once printed.
int waitForPort(ChildProcess& p) {
  const std::regex url("at http://127\\.0\\.0\\.1:([0-9]+)");
  for (int i = 0; i < 1500; ++i) {
    std::smatch m;
    const std::string out = p.out();
    if (std::regex_search(out, m, url)) return std::stoi(m[1]);
    if (p.wait(std::chrono::seconds(0)) != -1000) return -1;  // exited
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return -1;
}

}  // namespace

TEST_CASE("cli serve answers as predict writes, and stops on Ctrl-C") {
  TempDir dir;
  const std::string model = trainModel(dir);
  std::vector<std::string> lines = {
      R"({"text":"I met Taylor Swift in 😀 New York","meta":{"id":1}})",
      R"({"tokens":["Barack","Obama","visited","London"]})"};
  // Training sentences with entities: the model has learned some of them.
  const auto trained = head(demoTrain(), 60);
  for (const auto& e : trained.examples())
    if (!e.spans.empty() && lines.size() < 12) lines.push_back(Json{{"tokens", e.tokens}}.dump());
  std::ofstream in(dir.file("in.jsonl"));
  for (const auto& l : lines) in << l << "\n";
  in.close();
  // One thread: the records are batched as the server batches a request, so
  // even the scores' last bits agree (other batches move them by ~1e-9).
  const auto predicted =
      spanforge::testing::runCliArgs({"predict", model, dir.file("in.jsonl"), "--threads", "1"});
  REQUIRE(predicted.code == 0);

  ChildProcess server({"serve", model, "--port", "0", "--threads", "2"}, dir.file("serve"));
  const int port = waitForPort(server);
  INFO(server.err());
  REQUIRE(port > 0);
  httplib::Client client("127.0.0.1", port);
  std::string body = "[";
  for (size_t i = 0; i < lines.size(); ++i) body += (i ? "," : "") + lines[i];
  body += "]";
  const auto res = client.Post("/predict", body, "application/json");
  REQUIRE(res);
  REQUIRE(res->status == 200);
  const Json answer = Json::parse(res->body);
  CHECK(answer["model_version"].get<std::string>().rfind("model@", 0) == 0);
  std::istringstream expected(predicted.out);
  std::string line;
  size_t i = 0;
  while (std::getline(expected, line)) {
    REQUIRE(i < answer["records"].size());
    CHECK(answer["records"][i++] == Json::parse(line));  // the same records, spans and scores
  }
  CHECK(i == lines.size());
  size_t spans = 0;
  for (const auto& rec : answer["records"]) spans += rec["spans"].size();
  CHECK(spans > 0);  // there were scores to compare

  kill(server.pid(), SIGINT);
  CHECK(server.wait(std::chrono::seconds(20)) == 0);
  CHECK(server.err().find("Stopped.") != std::string::npos);
  CHECK_FALSE(client.Get("/health"));  // nobody listens any more
}

TEST_CASE("cli serve refuses a port in use and a missing model") {
  TempDir dir;
  const std::string model = trainModel(dir);
  ChildProcess first({"serve", model, "--port", "0"}, dir.file("first"));
  const int port = waitForPort(first);
  REQUIRE(port > 0);
  const auto r = spanforge::testing::runCliArgs({"serve", model, "--port", std::to_string(port)});
  CHECK(r.code == 1);
  CHECK(r.err == "error: cannot listen on 127.0.0.1:" + std::to_string(port) +
                     " (in use, or not an address of this machine)\n");
  CHECK(spanforge::testing::runCliArgs({"serve", dir.file("nothing")}).code == 1);
  kill(first.pid(), SIGINT);
  CHECK(first.wait(std::chrono::seconds(20)) == 0);
}
