#pragma once

#include "serve/labelstudioendpoint.h"
#include "serve/predictendpoint.h"
#include "serve/servelimits.h"
#include "serve/serveresponse.h"

#include <string>

namespace spanforge::model {
class NerModel;
}

namespace spanforge::serve {

class ServeMetrics;

// The server's endpoints apart from HTTP: which one a method and URL name,
// and its answer to a body. GET /health, GET /metrics and unknown URLs are
// answered at once; POST /predict and POST /setup read a body and predict,
// on a worker. Thread-safe.
class ServeRoutes {
 public:
  enum class Route { Health, Metrics, Predict, Setup, NotFound };

  ServeRoutes(const model::NerModel& model, std::string modelVersion, const ServeLimits& limits,
              const ServeMetrics& metrics);

  static Route route(const std::string& method, const std::string& url);
  static bool readsBody(Route route) { return route == Route::Predict || route == Route::Setup; }
  // The path /metrics counts it under ("other" for every unknown URL).
  static const char* metricsPath(Route route);

  // Any exception is a 500 with a generic message: a library's text never
  // reaches the client.
  ServeResponse answer(Route route, const std::string& method, const std::string& url,
                       const std::string& body) const noexcept;

 private:
  ServeResponse health() const;
  ServeResponse post(Route route, const std::string& body) const;

  const model::NerModel& model_;
  std::string modelVersion_;
  const ServeMetrics& metrics_;
  PredictEndpoint predict_;
  LabelStudioEndpoint labelStudio_;
};

}  // namespace spanforge::serve
