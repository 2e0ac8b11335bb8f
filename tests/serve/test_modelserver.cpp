// The HTTP server of `spanforge-cli serve`, driven with httplib's client.
#include "serve/servemetrics.h"
#include "serverharness.h"

#include "torchcatch.h"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace spanforge;
using Json = nlohmann::json;

namespace {

using serve::testing::TinyServer;

void checkError(const std::pair<int, Json>& r, int status, const std::string& field) {
  INFO(r.second.dump());
  CHECK(r.first == status);
  REQUIRE(r.second.contains("error"));
  CHECK_FALSE(r.second["error"].get<std::string>().empty());
  if (field.empty())
    CHECK_FALSE(r.second.contains("field"));
  else
    CHECK(r.second.value("field", "") == field);
}

}  // namespace

TEST_CASE("serve: health names the model, on loopback and an ephemeral port") {
  const TinyServer s;
  CHECK(s.server->port() > 0);
  CHECK(s.server->url() == "http://127.0.0.1:" + std::to_string(s.server->port()));
  const auto res = s.client->Get("/health");
  REQUIRE(res);
  CHECK(res->status == 200);
  const Json j = Json::parse(res->body);
  CHECK(j["status"] == "UP");
  CHECK(j["model_version"] == "tiny@test");
  CHECK(j["labels"] == Json::array({"person", "location"}));
}

TEST_CASE("serve: predict texts, records and a bare array, as predict writes them") {
  const TinyServer s;
  auto [status, j] = s.predict(R"({"texts": ["I met Taylor Swift in 😀 New York", "Paris"]})");
  REQUIRE(status == 200);
  CHECK(j["model_version"] == "tiny@test");
  REQUIRE(j["records"].size() == 2);
  CHECK(j["records"][0]["text"] == "I met Taylor Swift in 😀 New York");
  CHECK(j["records"][0]["tokens"].size() == 8);
  CHECK(j["records"][0]["tokens"][6]["start"] == 24);  // code points: the emoji counts one
  for (const auto& rec : j["records"]) {
    REQUIRE(rec["spans"].is_array());
    for (const auto& span : rec["spans"]) {
      for (const char* k : {"start", "end", "label", "score", "token_start", "token_end"})
        CHECK(span.contains(k));
      CHECK(span["score"].get<double>() > 0.0);
    }
  }

  std::tie(status, j) =
      s.predict(R"({"records": [{"tokens": ["Barack", "Obama", "visited", "London"],
                                  "meta": {"id": 7}}]})");
  REQUIRE(status == 200);
  CHECK(j["records"][0]["text"] == "Barack Obama visited London");
  CHECK(j["records"][0]["meta"]["id"] == 7);
  CHECK(j["records"][0]["tokens"] == Json::array({"Barack", "Obama", "visited", "London"}));

  std::tie(status, j) = s.predict(R"([{"text": "one"}, {"text": ""}])");
  REQUIRE(status == 200);
  CHECK(j["records"][1]["tokens"].empty());
  CHECK(j["records"][1]["spans"].empty());
}

TEST_CASE("serve: bad requests get 4xx naming the field, and the server keeps serving") {
  serve::ServeLimits limits;
  limits.maxDocuments = 3;
  limits.maxDocumentChars = 50;
  limits.maxBodyBytes = 2000;
  const TinyServer s(limits);
  checkError(s.predict("{\"texts\": [\"a\""), 400, "");
  checkError(s.predict("42"), 400, "");
  checkError(s.predict(R"({"text": "a"})"), 400, "");
  checkError(s.predict(R"({"texts": "a"})"), 400, "texts");
  checkError(s.predict(R"({"texts": ["a", 3]})"), 400, "texts[1]");
  checkError(s.predict(R"({"records": [{"text": "a"}, {"meta": 1}]})"), 400, "records[1]");
  checkError(s.predict(R"({"records": [{"text": 5}]})"), 400, "records[0].text");
  checkError(s.predict(R"([{"text": "a b", "tokens": ["a", "c"]}])"), 400, "[0].tokens[1]");
  checkError(s.predict(R"([7])"), 400, "[0]");
  checkError(s.predict(R"({"texts": ["a", "b", "c", "d"]})"), 413, "texts");
  checkError(s.predict("{\"texts\": [\"" + std::string(60, 'x') + "\"]}"), 413, "texts[0]");
  checkError(s.predict(std::string(600, '[') + std::string(600, ']')), 400, "");
  // Past the body limit: refused from the Content-Length, in JSON like the rest.
  const auto big = s.client->Post("/predict", std::string(3000, ' '), "application/json");
  REQUIRE(big);
  CHECK(big->status == 413);
  CHECK(Json::parse(big->body).contains("error"));
  const auto missing = s.client->Get("/nothing");
  REQUIRE(missing);
  CHECK(missing->status == 404);
  CHECK(Json::parse(missing->body)["error"] == "no such endpoint: GET /nothing");

  const auto [status, j] = s.predict(R"({"texts": ["still here"]})");
  CHECK(status == 200);
  CHECK(j["records"].size() == 1);
}

TEST_CASE("serve: concurrent clients, and metrics count them") {
  serve::ServeLimits limits;
  limits.threads = 4;
  const TinyServer s(limits);
  constexpr int kClients = 6, kRequests = 5;
  std::atomic<int> ok{0};
  std::vector<std::thread> clients;
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&s, &ok] {
      httplib::Client client("127.0.0.1", s.server->port());
      for (int i = 0; i < kRequests; ++i) {
        const auto res =
            client.Post("/predict", R"({"texts": ["a b c", "d e"]})", "application/json");
        if (res && res->status == 200) ++ok;
      }
    });
  }
  for (auto& t : clients) t.join();
  CHECK(ok == kClients * kRequests);
  s.predict("nonsense");

  const auto res = s.client->Get("/metrics");
  REQUIRE(res);
  CHECK(res->status == 200);
  CHECK(res->get_header_value("Content-Type").rfind("text/plain", 0) == 0);
  const std::string& m = res->body;
  INFO(m);
  CHECK(m.find("spanforge_requests_total{path=\"/predict\",status=\"200\"} 30\n") !=
        std::string::npos);
  CHECK(m.find("spanforge_requests_total{path=\"/predict\",status=\"400\"} 1\n") !=
        std::string::npos);
  CHECK(m.find("spanforge_request_seconds_count 31\n") != std::string::npos);
  CHECK(m.find("spanforge_request_seconds_bucket{le=\"+Inf\"} 31\n") != std::string::npos);
  CHECK(m.find("spanforge_predicted_words_total 150\n") != std::string::npos);  // 30 x 5 words
  CHECK(m.find("spanforge_words_per_second ") != std::string::npos);
}

TEST_CASE("serve: a port in use is refused with the address") {
  const TinyServer first;
  serve::ModelServer::Options o;
  o.port = first.server->port();
  serve::ModelServer second(*first.model, o);
  try {
    second.start();
    FAIL("started twice on one port");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()) == "cannot listen on 127.0.0.1:" + std::to_string(o.port) +
                                       " (in use, or not an address of this machine)");
  }
  CHECK_FALSE(second.running());
  CHECK(first.server->running());
}
