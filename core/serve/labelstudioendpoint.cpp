#include "serve/labelstudioendpoint.h"

#include "model/nermodel.h"
#include "model/prediction.h"
#include "serve/labelstudioconfig.h"
#include "serve/predictionrecords.h"
#include "text/alignment.h"
#include "text/tokenizer.h"
#include "text/utf8.h"

namespace spanforge::serve {
namespace {

using Json = nlohmann::ordered_json;

// The config from `field` of the request; on failure the answer in `error`.
bool configOf(const Json& request, const char* field, const std::vector<std::string>& labels,
              LabelStudioConfig& out, ServeResponse& error) {
  if (!request.is_object() || !request.contains(field)) {
    error = ServeResponse::error(400, "missing", field);
    return false;
  }
  if (!request[field].is_string()) {
    error = ServeResponse::error(400, "expected a string (the labeling config XML)", field);
    return false;
  }
  try {
    out = LabelStudioConfig::parse(request[field].get<std::string>(), labels);
  } catch (const LabelStudioConfigError& e) {
    error = ServeResponse::error(422, e.what(), field);
    return false;
  }
  return true;
}

}  // namespace

LabelStudioEndpoint::LabelStudioEndpoint(const model::NerModel& model, std::string modelVersion,
                                         ServeLimits limits)
    : model_(model), modelVersion_(std::move(modelVersion)), limits_(limits) {}

ServeResponse LabelStudioEndpoint::setup(const Json& request) const {
  LabelStudioConfig config;
  ServeResponse error;
  if (!configOf(request, "schema", model_.labels(), config, error)) return error;
  return ServeResponse::json(Json{{"model_version", modelVersion_}});
}

ServeResponse LabelStudioEndpoint::predict(const Json& request) const {
  LabelStudioConfig config;
  ServeResponse error;
  if (!configOf(request, "label_config", model_.labels(), config, error)) return error;
  const Json& tasks = request["tasks"];
  if (!tasks.is_array()) return ServeResponse::error(400, "expected an array", "tasks");
  if (auto refused = limits_.tooMany(tasks.size(), limits_.maxTasks, "tasks", "tasks"))
    return *refused;
  std::vector<std::string> texts;
  std::vector<std::vector<text::Token>> tokens;
  const text::Tokenizer tokenizer;
  int64_t words = 0;
  for (size_t i = 0; i < tasks.size(); ++i) {
    const std::string at = "tasks[" + std::to_string(i) + "]";
    const Json& task = tasks[i];
    if (!task.is_object() || !task.contains("data") || !task["data"].is_object())
      return ServeResponse::error(400, "expected an object with \"data\"", at);
    const std::string field = at + ".data." + config.dataKey;
    if (!task["data"].contains(config.dataKey) || !task["data"][config.dataKey].is_string())
      return ServeResponse::error(
          400, "expected the text the config's <Text name=\"" + config.toName + "\"> shows", field);
    texts.push_back(task["data"][config.dataKey].get<std::string>());
    if (auto refused = limits_.tooLong(texts.back(), field)) return *refused;
    tokens.push_back(tokenizer.tokenize(texts.back()));
    words += static_cast<int64_t>(tokens.back().size());
    if (auto refused = limits_.tooManyTokens(words, at)) return *refused;
  }
  const auto predictions = PredictionRecords::predict(model_, tokens, 1);
  Json results = Json::array();
  for (size_t i = 0; i < texts.size(); ++i) {
    const text::OffsetMap offsets(texts[i]);
    Json regions = Json::array();
    for (const auto& s : predictions[i].spans) {
      const auto label = config.toConfig.find(s.span.label);
      if (label == config.toConfig.end()) continue;
      const text::Span span = text::tokensToChars(tokens[i], s.span);
      regions.push_back({{"id", "sf" + std::to_string(regions.size())},
                         {"from_name", config.fromName},
                         {"to_name", config.toName},
                         {"type", "labels"},
                         {"value",
                          {{"start", offsets.utf16Offset(span.start)},
                           {"end", offsets.utf16Offset(span.end)},
                           {"text", std::string(offsets.slice(texts[i], span.start, span.end))},
                           {"labels", Json::array({label->second})}}},
                         {"score", s.score}});
    }
    results.push_back({{"result", std::move(regions)},
                       {"score", predictions[i].bestPathProbability},
                       {"model_version", modelVersion_}});
  }
  ServeResponse r =
      ServeResponse::json(Json{{"results", std::move(results)}, {"model_version", modelVersion_}});
  r.words = words;
  return r;
}

}  // namespace spanforge::serve
