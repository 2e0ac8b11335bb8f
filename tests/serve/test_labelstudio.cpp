// The Label Studio ML backend protocol: /setup and /predict with tasks, as
// Label Studio sends them (tests/data/labelstudio), through a real server.
#include "model/batch.h"
#include "model/nermodel.h"
#include "serve/labelstudioconfig.h"
#include "serverharness.h"
#include "slurp.h"
#include "text/utf8.h"

#include "torchcatch.h"

#include <httplib.h>
#include <torch/torch.h>
#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

using namespace spanforge;
using Json = nlohmann::json;

namespace {

const std::string kData = SPANFORGE_TEST_DATA_DIR "/labelstudio/";

// Knows "Anna" (person), "Paris" and "Lyon" (location) after a few steps.
std::unique_ptr<model::NerModel> trainedModel() {
  auto m = serve::testing::smallModel(6, 24);
  model::Batch batch;
  const std::vector<std::pair<std::vector<std::string>, std::vector<text::TokenSpan>>> data = {
      {{"Anna", "flew", "from", "Paris", "to", "Lyon", "."},
       {{0, 1, "person"}, {3, 4, "location"}, {5, 6, "location"}}},
      {{"😀😀", "Anna", "loves", "Lyon"}, {{1, 2, "person"}, {3, 4, "location"}}},
      {{"the", "cat", "sat", "."}, {}}};
  for (const auto& [tokens, spans] : data)
    batch.add(m->featurize(tokens), m->encodeTags(spans, tokens.size()));
  torch::optim::Adam opt(m->module().parameters(), torch::optim::AdamOptions(0.02));
  m->setTraining(true);
  for (int i = 0; i < 80; ++i) {
    opt.zero_grad();
    m->lossTensor(batch).backward();
    opt.step();
  }
  m->setTraining(false);
  return m;
}

struct Server : serve::testing::ServerHarness {
  Server() : ServerHarness(trainedModel(), "m@2026-11-26T00:00:00Z") {}
};

// The UTF-16 code units [start, end) of a UTF-8 text, back in UTF-8: what
// Label Studio's browser shows at those offsets.
std::string utf16Slice(const std::string& utf8, int64_t start, int64_t end) {
  const text::OffsetMap map(utf8);
  const int64_t from = map.fromUtf16(start), to = map.fromUtf16(end);
  REQUIRE(from >= 0);
  REQUIRE(to >= from);
  return std::string(map.slice(utf8, from, to));
}

}  // namespace

TEST_CASE("label studio: setup answers the model version, or why the config does not fit") {
  const Server s;
  auto [status, j] = s.post("/setup", spanforge::testing::slurp(kData + "setup.json"));
  CHECK(status == 200);
  CHECK(j["model_version"] == "m@2026-11-26T00:00:00Z");

  Json setup = Json::parse(spanforge::testing::slurp(kData + "setup.json"));
  setup["schema"] =
      "<View><Labels name=\"l\" toName=\"t\"><Label value=\"Drug\"/></Labels>"
      "<Text name=\"t\" value=\"$text\"/></View>";
  std::tie(status, j) = s.post("/setup", setup.dump());
  CHECK(status == 422);
  CHECK(j["field"] == "schema");
  CHECK(
      j["error"] ==
      "none of the labels of <Labels name=\"l\"> (Drug) is one of the model's (person, location)");
  setup["schema"] = "<View><Labels name=\"l\" toName=\"t\">";
  std::tie(status, j) = s.post("/setup", setup.dump());
  CHECK(status == 422);
  CHECK(j["error"].get<std::string>().rfind("not valid XML", 0) == 0);
  setup["schema"] =
      "<View><Choices name=\"c\" toName=\"t\"/><Text name=\"t\" value=\"$x\"/></View>";
  std::tie(status, j) = s.post("/setup", setup.dump());
  CHECK(status == 422);
  setup.erase("schema");
  std::tie(status, j) = s.post("/setup", setup.dump());
  CHECK(status == 400);
  CHECK(j["field"] == "schema");
}

TEST_CASE("label studio: predict answers labels regions in UTF-16 offsets with scores") {
  const Server s;
  const std::string body = spanforge::testing::slurp(kData + "predict.json");
  const Json request = Json::parse(body);
  const auto [status, j] = s.post("/predict", body);
  INFO(j.dump(1));
  REQUIRE(status == 200);
  CHECK(j["model_version"] == "m@2026-11-26T00:00:00Z");
  REQUIRE(j["results"].size() == 2);
  for (size_t t = 0; t < 2; ++t) {
    const Json& r = j["results"][t];
    const std::string text = request["tasks"][t]["data"]["text"];
    CHECK(r["model_version"] == j["model_version"]);
    CHECK(r["score"].get<double>() > 0.0);
    CHECK(r["score"].get<double>() <= 1.0);
    for (const Json& region : r["result"]) {
      CHECK(region["from_name"] == "label");
      CHECK(region["to_name"] == "text");
      CHECK(region["type"] == "labels");
      CHECK(region["score"].get<double>() > 0.0);
      const Json& v = region["value"];
      CHECK(utf16Slice(text, v["start"], v["end"]) == v["text"].get<std::string>());
    }
  }
  // The learned entities, labelled with the config's names.
  const Json& second = j["results"][1]["result"];
  REQUIRE(second.size() == 2);
  CHECK(second[0]["value"]["text"] == "Anna");
  CHECK(second[0]["value"]["labels"] == Json::array({"Person"}));
  // Two emoji are four UTF-16 units: "😀😀 " is 5 units, 3 code points.
  CHECK(second[0]["value"]["start"] == 5);
  CHECK(second[0]["value"]["end"] == 9);
  CHECK(second[1]["value"]["text"] == "Lyon");
  CHECK(second[1]["value"]["labels"] == Json::array({"Location"}));
  CHECK(second[1]["value"]["start"] == 16);

  // Interactive pre-annotation sends the user's clicks as params.context (in
  // the shape of label-studio-ml-backend's own fixtures): a text model has no
  // use for them and answers as before.
  Json interactive = request;
  interactive["params"]["context"] = Json::parse(
      R"({"result": [{"type": "labels", "value": {"start": 3, "end": 7, "labels": ["Person"]}}]})");
  const auto [status2, j2] = s.post("/predict", interactive.dump());
  REQUIRE(status2 == 200);
  CHECK(j2["results"] == j["results"]);
}

TEST_CASE("label studio: bad tasks get 4xx naming the field") {
  const Server s;
  Json request = Json::parse(spanforge::testing::slurp(kData + "predict.json"));
  Json bad = request;
  bad["tasks"][1]["data"].erase("text");
  auto [status, j] = s.post("/predict", bad.dump());
  CHECK(status == 400);
  CHECK(j["field"] == "tasks[1].data.text");
  bad = request;
  bad["tasks"][0]["data"]["text"] = 5;
  std::tie(status, j) = s.post("/predict", bad.dump());
  CHECK(status == 400);
  CHECK(j["field"] == "tasks[0].data.text");
  bad = request;
  bad["tasks"] = "x";
  std::tie(status, j) = s.post("/predict", bad.dump());
  CHECK(status == 400);
  CHECK(j["field"] == "tasks");
  bad = request;
  bad.erase("label_config");
  std::tie(status, j) = s.post("/predict", bad.dump());
  CHECK(status == 400);
  CHECK(j["field"] == "label_config");
  bad = request;
  bad["label_config"] =
      "<View><Labels name=\"l\" toName=\"t\"><Label value=\"Drug\"/></Labels>"
      "<Text name=\"t\" value=\"$text\"/></View>";
  std::tie(status, j) = s.post("/predict", bad.dump());
  CHECK(status == 422);
  CHECK(j["field"] == "label_config");
  // Still serving.
  std::tie(status, j) = s.post("/predict", request.dump());
  CHECK(status == 200);
}

TEST_CASE("label studio config: labels matched ignoring case, the text's data key") {
  const auto c = serve::LabelStudioConfig::parse(
      "<View><Header value=\"x\"/><Text name=\"doc\" value=\"$body\"/>"
      "<Labels name=\"ner\" toName=\"doc\"><Label value=\"PERSON\"/><Label value=\"Org\"/>"
      "</Labels></View>",
      {"person", "location"});
  CHECK(c.fromName == "ner");
  CHECK(c.toName == "doc");
  CHECK(c.dataKey == "body");
  CHECK(c.labels == std::vector<std::string>{"PERSON", "Org"});
  CHECK(c.toConfig == std::map<std::string, std::string>{{"person", "PERSON"}});
}
