#pragma once

#include "serve/servelimits.h"
#include "serve/serveresponse.h"

#include <nlohmann/json.hpp>

#include <string>

namespace spanforge::model {
class NerModel;
}

namespace spanforge::serve {

// The Label Studio ML backend protocol, so that a Label Studio project can
// pre-annotate with a Spanforge model:
//   POST /setup {"schema": LABEL_CONFIG, "project": ...} -> {"model_version"}
//   POST /predict {"tasks": [{"data": {KEY: TEXT}, ...}], "label_config": ...}
//     -> {"results": [{"result": [REGION...], "score", "model_version"}], "model_version"}
// A REGION is a "labels" result: from_name and to_name from the config's
// <Labels> and <Text>, value {start, end (UTF-16 units, as Label Studio's
// browser counts), text, labels: [the config's label]}, and the span's
// probability as its score. The task's score is P(the whole predicted
// labelling). Spans whose label the config lacks are left out. A config
// that shares no label with the model, or labels no <Text>, gets 422.
class LabelStudioEndpoint {
 public:
  LabelStudioEndpoint(const model::NerModel& model, std::string modelVersion, ServeLimits limits);

  ServeResponse setup(const nlohmann::ordered_json& request) const;
  ServeResponse predict(const nlohmann::ordered_json& request) const;

 private:
  const model::NerModel& model_;
  std::string modelVersion_;
  ServeLimits limits_;
};

}  // namespace spanforge::serve
