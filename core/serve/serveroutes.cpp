#include "serve/serveroutes.h"

#include "model/nermodel.h"
#include "serve/requestbody.h"
#include "serve/servemetrics.h"

#include <nlohmann/json.hpp>

namespace spanforge::serve {

ServeRoutes::ServeRoutes(const model::NerModel& model, std::string modelVersion,
                         const ServeLimits& limits, const ServeMetrics& metrics)
    : model_(model),
      modelVersion_(modelVersion),
      metrics_(metrics),
      predict_(model, modelVersion, limits),
      labelStudio_(model, modelVersion, limits) {}

ServeRoutes::Route ServeRoutes::route(const std::string& method, const std::string& url) {
  const bool get = method == "GET" || method == "HEAD";
  if (url == "/health" && get) return Route::Health;
  if (url == "/metrics" && get) return Route::Metrics;
  if (url == "/predict" && method == "POST") return Route::Predict;
  if (url == "/setup" && method == "POST") return Route::Setup;
  return Route::NotFound;
}

const char* ServeRoutes::metricsPath(Route route) {
  switch (route) {
    case Route::Health:
      return "/health";
    case Route::Metrics:
      return "/metrics";
    case Route::Predict:
      return "/predict";
    case Route::Setup:
      return "/setup";
    case Route::NotFound:
      break;
  }
  return "other";
}

ServeResponse ServeRoutes::answer(Route route, const std::string& method, const std::string& url,
                                  const std::string& body) const noexcept {
  try {
    switch (route) {
      case Route::Health:
        return health();
      case Route::Metrics: {
        ServeResponse r;
        r.body = metrics_.prometheus();
        r.contentType = "text/plain; version=0.0.4";
        return r;
      }
      case Route::Predict:
      case Route::Setup:
        return post(route, body);
      case Route::NotFound:
        break;
    }
    // dump() turns bytes of a URL that are not UTF-8 into U+FFFD.
    return ServeResponse::error(404, "no such endpoint: " + method + " " + url);
  } catch (...) {
    // Whatever it was (out of memory, a fault in a library), the client
    // learns only that it was not its fault.
    try {
      return ServeResponse::error(500, "internal error");
    } catch (...) {
      ServeResponse r;
      r.status = 500;
      return r;
    }
  }
}

ServeResponse ServeRoutes::health() const {
  nlohmann::ordered_json j;
  j["status"] = "UP";
  j["model_version"] = modelVersion_;
  j["labels"] = model_.labels();
  return ServeResponse::json(j);
}

ServeResponse ServeRoutes::post(Route route, const std::string& body) const {
  nlohmann::ordered_json j;
  ServeResponse error;
  if (!parseRequestBody(body, j, error)) return error;
  if (route == Route::Setup) return labelStudio_.setup(j);
  // Label Studio's ML backend posts {"tasks": ..., "label_config": ...} to
  // the same path as our own records.
  if (j.is_object() && j.contains("tasks")) return labelStudio_.predict(j);
  return predict_.handle(std::move(j));
}

}  // namespace spanforge::serve
