#pragma once

#include "serve/servelimits.h"
#include "serve/serveresponse.h"

#include <nlohmann/json.hpp>

#include <string>

namespace spanforge::model {
class NerModel;
}

namespace spanforge::serve {

// POST /predict with {"texts": ["...", ...]}, {"records": [...]} or a JSON
// array of records (PredictionRecords: "text" or Prodigy "tokens"): answers
// {"model_version": ..., "records": [...]}, each record as
// `spanforge-cli predict` writes it. Bad input gets 400 (413 past the
// limits) with the field that is wrong. Thread-safe: requests run at once.
class PredictEndpoint {
 public:
  PredictEndpoint(const model::NerModel& model, std::string modelVersion, ServeLimits limits);

  // `request`: the parsed body (see parseRequestBody).
  ServeResponse handle(nlohmann::ordered_json request) const;

 private:
  const model::NerModel& model_;
  std::string modelVersion_;
  ServeLimits limits_;
};

}  // namespace spanforge::serve
