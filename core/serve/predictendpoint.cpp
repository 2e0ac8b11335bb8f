#include "serve/predictendpoint.h"

#include "io/inputerror.h"
#include "model/prediction.h"
#include "serve/predictionrecords.h"
#include "text/utf8.h"

#include <nlohmann/json.hpp>

namespace spanforge::serve {
namespace {

using Json = nlohmann::ordered_json;

// A request the limits refuse: 413 with the field.
struct TooLarge {
  std::string message;
  std::string field;
};

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
      if (static_cast<int64_t>(texts.size()) > limits_.maxDocuments)
        throw TooLarge{"at most " + std::to_string(limits_.maxDocuments) +
                           " texts per request (got " + std::to_string(texts.size()) + ")",
                       listName};
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
    if (static_cast<int64_t>(records.size()) > limits_.maxDocuments)
      throw TooLarge{"at most " + std::to_string(limits_.maxDocuments) +
                         " records per request (got " + std::to_string(records.size()) + ")",
                     listName};

    std::vector<std::vector<text::Token>> tokens;
    tokens.reserve(records.size());
    int64_t words = 0;
    for (size_t i = 0; i < records.size(); ++i) {
      const std::string at = listName + "[" + std::to_string(i) + "]";
      if (!records[i].is_object()) return ServeResponse::error(400, "expected an object", at);
      if (records[i].contains("text") && records[i]["text"].is_string() &&
          static_cast<int64_t>(text::codePointCount(records[i]["text"].get<std::string>())) >
              limits_.maxDocumentChars)
        throw TooLarge{
            "at most " + std::to_string(limits_.maxDocumentChars) + " characters per text",
            at + (listName == "texts" ? "" : ".text")};
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
  } catch (const TooLarge& e) {
    return ServeResponse::error(413, e.message, e.field);
  } catch (const io::InputError& e) {
    return ServeResponse::error(400, e.message(), e.field());
  }
}

}  // namespace spanforge::serve
