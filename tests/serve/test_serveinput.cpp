// What one request may ask of the server (issue #31): tokens, pre-tokenised
// ones included, Label Studio tasks, bytes held at once; and every input
// error is a 400 that names the field, never a 500 with a library's text.
#include "serve/jsonerrorlocation.h"
#include "serve/servemetrics.h"
#include "serverharness.h"
#include "slurp.h"

#include "torchcatch.h"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <string>

using namespace spanforge;
using Json = nlohmann::json;

namespace {

using serve::testing::TinyServer;

void checkInputError(const std::pair<int, Json>& r, int status, const std::string& field,
                     const std::string& error = {}) {
  INFO(r.second.dump());
  CHECK(r.first == status);
  REQUIRE(r.second.contains("error"));
  if (!error.empty()) CHECK(r.second["error"] == error);
  CHECK(r.second.value("field", "") == field);
}

// `n` tokens "w0 w1 ..." as a JSON array.
Json tokens(int n) {
  Json list = Json::array();
  for (int i = 0; i < n; ++i) list.push_back("w" + std::to_string(i));
  return list;
}

}  // namespace

TEST_CASE("serve input: tokens per request, pre-tokenised ones included, get 413") {
  serve::ServeLimits limits;
  limits.maxTokens = 50;
  const TinyServer s(limits);
  const std::string tooMany = "at most 50 tokens per request (passed here)";
  // Counted before the tokens are built.
  checkInputError(s.predict(Json{{"records", {{{"tokens", tokens(51)}}}}}.dump()), 413,
                  "records[0].tokens", tooMany);
  checkInputError(
      s.predict(Json{{"records", {{{"tokens", tokens(30)}}, {{"tokens", tokens(30)}}}}}.dump()),
      413, "records[1].tokens", tooMany);
  // Tokens of a text count as they are found.
  std::string words;
  for (int i = 0; i < 30; ++i) words += "word ";
  checkInputError(s.predict(Json{{"texts", {words, words}}}.dump()), 413, "texts[1]", tooMany);
  checkInputError(s.predict(Json::array({{{"text", words}}, {{"tokens", tokens(21)}}}).dump()), 413,
                  "[1].tokens", tooMany);
  // Exactly at the limit is fine.
  auto [status, j] =
      s.predict(Json{{"records", {{{"tokens", tokens(25)}}, {{"tokens", tokens(25)}}}}}.dump());
  CHECK(status == 200);
  CHECK(j["records"].size() == 2);
}

TEST_CASE("serve input: joined pre-tokenised text is as long as a text may be") {
  serve::ServeLimits limits;
  limits.maxDocumentChars = 40;
  const TinyServer s(limits);
  checkInputError(s.predict(Json{{"records", {{{"tokens", {std::string(41, 'x')}}}}}}.dump()), 413,
                  "records[0].tokens", "at most 40 characters per text");
  checkInputError(s.predict(Json{{"records", {{{"tokens", tokens(14)}}}}}.dump()), 413,  // 45
                  "records[0].tokens", "at most 40 characters per text");
  CHECK(s.predict(Json{{"records", {{{"tokens", tokens(8)}}}}}.dump()).first == 200);
}

TEST_CASE("serve input: Label Studio tasks per request get 413 past --max-tasks") {
  serve::ServeLimits limits;
  limits.maxTasks = 2;
  limits.maxDocuments = 1;  // records, not tasks
  const TinyServer s(limits);
  Json request =
      Json::parse(spanforge::testing::slurp(SPANFORGE_TEST_DATA_DIR "/labelstudio/predict.json"));
  REQUIRE(request["tasks"].size() >= 2);
  while (request["tasks"].size() < 3) request["tasks"].push_back(request["tasks"][0]);
  checkInputError(s.post("/predict", request.dump()), 413, "tasks",
                  "at most 2 tasks per request (got 3)");
  request["tasks"].erase(2);
  const auto [status, j] = s.post("/predict", request.dump());
  CHECK(status == 200);
  CHECK(j["results"].size() == 2);
}

TEST_CASE("serve input: bad UTF-8 and bad escapes get 400 naming the field") {
  const TinyServer s;
  checkInputError(s.predict("{\"records\": [{\"text\": \"ok\"}, {\"text\": \"ok\"}, "
                            "{\"meta\": 1, \"text\": \"caf\xc3\"}]}"),
                  400, "records[2].text", "not valid UTF-8");
  checkInputError(s.predict("{\"texts\": [\"a\", \"\xff\xfe\"]}"), 400, "texts[1]",
                  "not valid UTF-8");
  checkInputError(s.predict("[{\"tokens\": [\"a\", {\"text\": \"\xed\xa0\x80\"}]}]"), 400,
                  "[0].tokens[1].text", "not valid UTF-8");
  checkInputError(s.predict(R"({"texts": ["\ud800 alone"]})"), 400, "texts[0]",
                  "a \\u escape that is not a valid UTF-16 surrogate pair");
  checkInputError(s.predict("{\"records\": [{\"te\xffxt\": \"a\"}]}"), 400, "records[0]",
                  "not valid UTF-8 (in a key)");
  checkInputError(s.predict("{\"texts\": [\"tab\there\"]}"), 400, "texts[0]",
                  "a control character that is not escaped");
  // Not inside a string: where, in bytes, and no field.
  checkInputError(s.predict("{\"texts\": [\"a\" \"b\"]}"), 400, "",
                  "not valid JSON (near byte 18)");
  // The Label Studio form and /setup too.
  checkInputError(s.post("/setup", "{\"schema\": \"<View>\xc0\xaf</View>\"}"), 400, "schema",
                  "not valid UTF-8");
  checkInputError(s.post("/predict", "{\"tasks\": [{\"data\": {\"text\": \"\xf5\"}}]}"), 400,
                  "tasks[0].data.text", "not valid UTF-8");
  // Wrong types are 400 too, with their field.
  checkInputError(s.predict(R"({"records": [{"tokens": [1, 2]}]})"), 400, "records[0].tokens[0]");
  checkInputError(s.predict(R"({"records": [{"tokens": "a b"}]})"), 400, "records[0].tokens");
  checkInputError(s.post("/setup", R"({"schema": 7})"), 400, "schema");
}

TEST_CASE("serve input: text a label config decodes to bad UTF-8 never makes a 500") {
  const TinyServer s;
  // The XML character reference decodes to a lone surrogate's bytes, which
  // the answer's JSON writer would refuse (an exception: a 500 before).
  Json setup = {{"schema",
                 "<View><Labels name=\"l\" toName=\"t\"><Label value=\"Drug&#xD800;\"/></Labels>"
                 "<Text name=\"t\" value=\"$text\"/></View>"}};
  const auto [status, j] = s.post("/setup", setup.dump());
  INFO(j.dump());
  CHECK(status == 422);
  CHECK(j["field"] == "schema");
  CHECK(j["error"].get<std::string>().find("Drug") != std::string::npos);
}

TEST_CASE("serve input: unknown endpoints get a JSON 404, counted under one label") {
  const TinyServer s;
  for (const char* path : {"/nothing", "/predict/../etc", "/%ff%fe", "/health/x"}) {
    const auto res = s.client->Get(path);
    REQUIRE(res);
    CHECK(res->status == 404);
    CHECK(Json::parse(res->body)["error"].get<std::string>().rfind("no such endpoint: GET /", 0) ==
          0);
  }
  const auto post = s.client->Post("/nothing", "{}", "application/json");
  REQUIRE(post);
  CHECK(post->status == 404);
  CHECK(Json::parse(post->body)["error"] == "no such endpoint: POST /nothing");
  const auto get = s.client->Get("/predict");
  REQUIRE(get);
  CHECK(get->status == 404);
  CHECK(Json::parse(get->body)["error"] == "no such endpoint: GET /predict");
  const std::string m = s.server->metrics().prometheus();
  INFO(m);
  CHECK(m.find("spanforge_requests_total{path=\"other\",status=\"404\"} 6\n") != std::string::npos);
}

TEST_CASE("serve input: bodies held at once are bounded, then 503 with Retry-After") {
  serve::ServeLimits limits;
  limits.maxBufferedBytes = 1000;
  const TinyServer s(limits);
  const std::string big = Json{{"texts", {std::string(1200, 'a')}}}.dump();
  const auto res = s.client->Post("/predict", big, "application/json");
  REQUIRE(res);
  CHECK(res->status == 503);
  CHECK(res->get_header_value("Retry-After") == "1");
  CHECK(Json::parse(res->body).contains("error"));
  // The budget is given back: small requests go on.
  CHECK(s.predict(R"({"texts": ["fine"]})").first == 200);
  CHECK(s.predict(R"({"texts": ["fine"]})").first == 200);
}

TEST_CASE("json error location: the path to a fault inside a string") {
  using serve::JsonErrorLocation;
  auto at = JsonErrorLocation::find("{\"a\": {\"b\": [1, {\"c\": \"\xff\"}]}}");
  CHECK(at.field == "a.b[1].c");
  CHECK(at.message == "not valid UTF-8");
  at = JsonErrorLocation::find("[[1, 2], [3, \"\xc3\"]]");
  CHECK(at.field == "[1][1]");
  at = JsonErrorLocation::find("\"\xff\"");
  CHECK(at.field.empty());
  CHECK(at.message == "not valid UTF-8");
  at = JsonErrorLocation::find("{\"a\": 1,}");
  CHECK(at.field.empty());
  CHECK(at.message == "not valid JSON (near byte 9)");
  at = JsonErrorLocation::find("[1, 2");
  CHECK(at.message == "not valid JSON (near byte 6)");
}
