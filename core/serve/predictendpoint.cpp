#include "serve/predictendpoint.h"

#include "io/inputerror.h"
#include "model/prediction.h"
#include "serve/predictionrecords.h"

#include <nlohmann/json.hpp>

namespace spanforge::serve {
namespace {

using Json = nlohmann::ordered_json;

}  // namespace

PredictEndpoint::PredictEndpoint(const model::NerModel& model, std::string modelVersion,
                                 ServeLimits limits)
    : model_(model), modelVersion_(std::move(modelVersion)), limits_(limits) {}

ServeResponse PredictEndpoint::handle(nlohmann::ordered_json request) const {
  Json records = Json::array();
  std::string listName;  // the field the records came from, for errors
  try {
    if (request.is_object() && request.contains("texts")) {
      listName = "texts";
      const Json& texts = request["texts"];
      if (!texts.is_array()) return ServeResponse::error(400, "expected an array", listName);
      for (size_t i = 0; i < texts.size(); ++i) {
        if (!texts[i].is_string())
          return ServeResponse::error(400, "expected a string",
                                      listName + "[" + std::to_string(i) + "]");
        records.push_back({{"text", texts[i]}});
      }
    } else if (request.is_object() && request.contains("records")) {
      listName = "records";
      records = request["records"];
      if (!records.is_array()) return ServeResponse::error(400, "expected an array", listName);
    } else if (request.is_array()) {
      records = std::move(request);
    } else {
      return ServeResponse::error(
          400, "expected {\"texts\": [...]}, {\"records\": [...]} or an array of records");
    }
    if (auto refused =
            limits_.tooMany(records.size(), listName == "texts" ? "texts" : "records", listName))
      return *refused;

    std::vector<std::vector<text::Token>> tokens;
    tokens.reserve(records.size());
    int64_t words = 0;
    for (size_t i = 0; i < records.size(); ++i) {
      const std::string at = listName + "[" + std::to_string(i) + "]";
      if (!records[i].is_object()) return ServeResponse::error(400, "expected an object", at);
      if (records[i].contains("text") && records[i]["text"].is_string())
        if (auto refused = limits_.tooLong(records[i]["text"].get<std::string>(),
                                           at + (listName == "texts" ? "" : ".text")))
          return *refused;
      tokens.push_back(PredictionRecords::tokens(records[i], "request", 0, at + "."));
      words += static_cast<int64_t>(tokens.back().size());
    }
    const auto predictions = PredictionRecords::predict(model_, tokens, 1);
    for (size_t i = 0; i < records.size(); ++i)
      PredictionRecords::annotate(records[i], tokens[i], predictions[i]);
    Json out;
    out["model_version"] = modelVersion_;
    out["records"] = std::move(records);
    ServeResponse r;
    r.body = out.dump();
    r.words = words;
    return r;
  } catch (const io::InputError& e) {
    return ServeResponse::error(400, e.message(), e.field());
  }
}

}  // namespace spanforge::serve
