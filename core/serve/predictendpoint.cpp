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
    if (auto refused = limits_.tooMany(records.size(), limits_.maxDocuments,
                                       listName == "texts" ? "texts" : "records", listName))
      return *refused;

    std::vector<std::vector<text::Token>> tokens;
    tokens.reserve(records.size());
    int64_t words = 0;
    for (size_t i = 0; i < records.size(); ++i) {
      const std::string at = listName + "[" + std::to_string(i) + "]";
      Json& record = records[i];
      if (!record.is_object()) return ServeResponse::error(400, "expected an object", at);
      const std::string textField = at + (listName == "texts" ? "" : ".text");
      if (record.contains("text") && record["text"].is_string())
        if (auto refused = limits_.tooLong(record["text"].get<std::string>(), textField))
          return *refused;
      // Pre-tokenised input counts before its tokens are built.
      if (record.contains("tokens") && record["tokens"].is_array())
        if (auto refused = limits_.tooManyTokens(
                words + static_cast<int64_t>(record["tokens"].size()), at + ".tokens"))
          return *refused;
      const bool joined = !record.contains("text");
      tokens.push_back(PredictionRecords::tokens(record, "request", 0, at + "."));
      // Tokens without a text are joined into one: as long as a text may be.
      if (joined)
        if (auto refused = limits_.tooLong(record["text"].get<std::string>(), at + ".tokens"))
          return *refused;
      words += static_cast<int64_t>(tokens.back().size());
      if (auto refused = limits_.tooManyTokens(words, at)) return *refused;
    }
    const auto predictions = PredictionRecords::predict(model_, tokens, 1);
    for (size_t i = 0; i < records.size(); ++i)
      PredictionRecords::annotate(records[i], tokens[i], predictions[i]);
    Json out;
    out["model_version"] = modelVersion_;
    out["records"] = std::move(records);
    ServeResponse r = ServeResponse::json(out);
    r.words = words;
    return r;
  } catch (const io::InputError& e) {
    return ServeResponse::error(400, e.message(), e.field());
  }
}

}  // namespace spanforge::serve
