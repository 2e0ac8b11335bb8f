#include "serve/modelserver.h"

#include "model/nermodel.h"
#include "serve/labelstudioendpoint.h"
#include "serve/predictendpoint.h"
#include "serve/requestbody.h"
#include "serve/servemetrics.h"
#include "serve/serveresponse.h"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <sys/socket.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

namespace spanforge::serve {
namespace {

using Clock = std::chrono::steady_clock;

// Set by our handlers, so the logger counts only the answers httplib gave
// by itself (404, 413, ...), which have no timing.
thread_local bool tHandled = false;

void send(httplib::Response& res, const ServeResponse& r) {
  res.status = r.status;
  res.set_content(r.body, r.contentType.c_str());
}

}  // namespace

struct ModelServer::Impl {
  Impl(const model::NerModel& m, Options o)
      : model(m),
        options(std::move(o)),
        predict(m, options.modelVersion, options.limits),
        labelStudio(m, options.modelVersion, options.limits) {}

  // Runs `handler`, times it and counts it.
  template <typename F>
  httplib::Server::Handler timed(const std::string& path, F handler) {
    return [this, path, handler](const httplib::Request& req, httplib::Response& res) {
      const auto start = Clock::now();
      const ServeResponse r = handler(req);
      send(res, r);
      tHandled = true;
      metrics.record(path, r.status, std::chrono::duration<double>(Clock::now() - start).count(),
                     r.words);
    };
  }

  ServeResponse health() const {
    nlohmann::ordered_json j;
    j["status"] = "UP";
    j["model_version"] = options.modelVersion;
    j["labels"] = model.labels();
    ServeResponse r;
    r.body = j.dump();
    return r;
  }

  void routes() {
    server.Get("/health", timed("/health", [this](const httplib::Request&) { return health(); }));
    // Label Studio's ML backend posts {"tasks": ..., "label_config": ...} to
    // the same path as our own records.
    server.Post("/predict", timed("/predict", [this](const httplib::Request& req) {
                  nlohmann::ordered_json j;
                  ServeResponse error;
                  if (!parseRequestBody(req.body, j, error)) return error;
                  if (j.is_object() && j.contains("tasks")) return labelStudio.predict(j);
                  return predict.handle(std::move(j));
                }));
    server.Post("/setup", timed("/setup", [this](const httplib::Request& req) {
                  nlohmann::ordered_json j;
                  ServeResponse error;
                  if (!parseRequestBody(req.body, j, error)) return error;
                  return labelStudio.setup(j);
                }));
    server.Get("/metrics", timed("/metrics", [this](const httplib::Request&) {
                 ServeResponse r;
                 r.body = metrics.prometheus();
                 r.contentType = "text/plain; version=0.0.4";
                 return r;
               }));
    // httplib's own 4xx (unknown path, body too large) get a JSON error too.
    using Answered = httplib::Server::HandlerWithResponse;
    server.set_error_handler(Answered([](const httplib::Request& req, httplib::Response& res) {
      if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
      std::string message = "HTTP status " + std::to_string(res.status);
      if (res.status == 404) message = "no such endpoint: " + req.method + " " + req.path;
      if (res.status == 413) message = "the request body is too large";
      if (res.status == 400) message = "a malformed HTTP request";
      send(res, ServeResponse::error(res.status, message));
      return httplib::Server::HandlerResponse::Handled;
    }));
    server.set_exception_handler(
        [](const httplib::Request&, httplib::Response& res, std::exception_ptr e) {
          std::string what = "internal error";
          try {
            std::rethrow_exception(e);
          } catch (const std::exception& x) {
            what += std::string(": ") + x.what();
          } catch (...) {
          }
          send(res, ServeResponse::error(500, what));
        });
    server.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
      if (!tHandled) metrics.record(req.path, res.status, -1.0, 0);
      tHandled = false;
    });
  }

  const model::NerModel& model;
  Options options;
  PredictEndpoint predict;
  LabelStudioEndpoint labelStudio;
  ServeMetrics metrics;
  httplib::Server server;
  std::thread thread;
  int port = 0;
  std::atomic<bool> listening{false};
};

ModelServer::ModelServer(const model::NerModel& model, Options options)
    : impl_(std::make_unique<Impl>(model, std::move(options))) {
  Impl& d = *impl_;
  const ServeLimits& l = d.options.limits;
  const size_t threads = static_cast<size_t>(std::max(1, l.threads));
  // httplib owns the queue it is given (its API takes a raw pointer).
  d.server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  d.server.set_payload_max_length(l.maxBodyBytes);
  d.server.set_read_timeout(l.readTimeoutSeconds, 0);
  d.server.set_write_timeout(l.writeTimeoutSeconds, 0);
  d.server.set_keep_alive_timeout(5);
  // httplib's default adds SO_REUSEPORT, with which a second server on the
  // same port starts without an error and takes half the requests. Only
  // SO_REUSEADDR (restart right after a stop) here.
  d.server.set_socket_options([](socket_t sock) {
    const int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  d.routes();
}

ModelServer::~ModelServer() { stop(); }

void ModelServer::start() {
  Impl& d = *impl_;
  if (d.thread.joinable()) return;
  const std::string& host = d.options.host;
  d.port = d.options.port == 0
               ? d.server.bind_to_any_port(host)
               : (d.server.bind_to_port(host, d.options.port) ? d.options.port : -1);
  if (d.port <= 0)
    throw std::runtime_error("cannot listen on " + host + ":" + std::to_string(d.options.port) +
                             " (in use, or not an address of this machine)");
  d.listening = true;
  d.thread = std::thread([&d] {
    d.server.listen_after_bind();
    d.listening = false;
  });
  // listen_after_bind() marks the server running before it accepts; the
  // socket is bound already, so connections queue until then.
  for (int i = 0; i < 200 && !d.server.is_running(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
}

void ModelServer::stop() {
  Impl& d = *impl_;
  if (!d.thread.joinable()) return;
  d.server.stop();
  d.thread.join();
}

bool ModelServer::running() const { return impl_->listening; }
int ModelServer::port() const { return impl_->port; }
std::string ModelServer::url() const {
  return "http://" + impl_->options.host + ":" + std::to_string(impl_->port);
}
const ServeMetrics& ModelServer::metrics() const { return impl_->metrics; }

}  // namespace spanforge::serve
