#pragma once

#include "serve/servelimits.h"

#include <memory>
#include <string>

namespace spanforge::model {
class NerModel;
}

namespace spanforge::serve {

class ServeMetrics;

// An HTTP server for one model: GET /health, POST /predict (PredictEndpoint,
// or LabelStudioEndpoint for a body with "tasks"), POST /setup (Label
// Studio), GET /metrics (ServeMetrics); routes in ServeRoutes.
//
// Built so that no client can starve it (GNU libmicrohttpd, event-driven):
// one polling thread holds every connection, however slow, and answers
// /health and /metrics itself; a complete /predict or /setup request is
// handed to limits.threads workers through a queue of limits.maxQueued (503
// with Retry-After when full). A body is counted as it arrives, chunked or
// not: past limits.maxBodyBytes it is no longer kept and gets 413 (at once
// when its Content-Length says so). A request must arrive within
// limits.readTimeoutSeconds and its answer be read within
// limits.writeTimeoutSeconds, else the connection is dropped
// (ConnectionDeadlines). Every answer the server writes is JSON with an
// "error" for 4xx/5xx. Serves from start() until stop() or destruction.
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
  // Stops accepting, finishes the requests under way (queued ones get 503)
  // and joins the threads.
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
