#pragma once

#include "serve/servelimits.h"

#include <memory>
#include <string>
#include <vector>

namespace spanforge::model {
class NerModel;
}

namespace spanforge::serve {

class ServeMetrics;

// An HTTP server for one model: GET /health, POST /predict (PredictEndpoint,
// or LabelStudioEndpoint for a body with "tasks"), POST /setup (Label
// Studio), GET /metrics (ServeMetrics). Requests run on a pool of limits.threads
// workers; bodies past limits.maxBodyBytes get 413; every 4xx/5xx answer is
// JSON with an "error". Listens on a thread of its own from start() until
// stop() or destruction.
class ModelServer {
 public:
  struct Options {
    std::string host = "127.0.0.1";  // loopback unless the user says otherwise
    int port = 9090;                 // 0: any free port (see port())
    ServeLimits limits;
    std::string modelVersion;  // reported with every prediction
  };

  // `model` must outlive the server; it is only read (NerModel::predict).
  ModelServer(const model::NerModel& model, Options options);
  ~ModelServer();
  ModelServer(const ModelServer&) = delete;
  ModelServer& operator=(const ModelServer&) = delete;

  // Binds and starts serving. Throws std::runtime_error ("cannot listen on
  // HOST:PORT") when the address cannot be bound.
  void start();
  // Stops accepting, finishes the requests under way and joins the thread.
  void stop();
  bool running() const;

  int port() const;         // the bound port, once started
  std::string url() const;  // "http://HOST:PORT"
  const ServeMetrics& metrics() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::serve
