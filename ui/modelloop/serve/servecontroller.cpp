#include "modelloop/serve/servecontroller.h"

#include "common/taskworker.h"
#include "common/workerthread.h"
#include "serve/modelserver.h"
#include "serve/servemetrics.h"
#include "train/package/modelpackage.h"

#include <QFileInfo>

namespace spanforge::ui {

// The package and the server reading it, destroyed server first.
struct ServeController::Running {
  std::unique_ptr<train::ModelPackage> package;
  std::unique_ptr<serve::ModelServer> server;
  ~Running() { server.reset(); }
};

ServeController::ServeController(QObject* parent)
    : QObject(parent), worker_(new TaskWorker), thread_(std::make_unique<WorkerThread>(worker_)) {
  connect(worker_, &TaskWorker::finished, this, [this](int job, const QString& error) {
    // A job given up on: its server (if it started) stops with the task's copy of the slot.
    if (!jobs_.finish(job)) return;
    auto pending = std::move(pending_);
    if (!error.isEmpty() || !pending || !*pending) {
      emit failed(error.isEmpty() ? tr("The server did not start.") : error);
      return;
    }
    running_ = std::move(*pending);
    url_ = QString::fromStdString(running_->server->url());
    emit started(url_);
  });
}

ServeController::~ServeController() {
  running_.reset();
  thread_.reset();  // waits for a start under way
}

void ServeController::start(const QString& modelPath, const QString& modelName,
                            const Settings& settings) {
  stop();
  const int job = jobs_.start();
  auto slot = std::make_shared<std::unique_ptr<Running>>();
  pending_ = slot;
  serve::ModelServer::Options options;
  options.host = settings.host.toStdString();
  options.port = settings.port;
  options.limits.threads = settings.threads;
  options.modelVersion =
      (modelName.isEmpty() ? QFileInfo(modelPath).fileName() : modelName).toStdString();
  const std::string path = modelPath.toStdString();
  TaskWorker* worker = worker_;
  QMetaObject::invokeMethod(
      worker,
      [worker, job, slot, path, options] {
        worker->run(job, [slot, path, options]() -> QString {
          auto r = std::make_unique<Running>();
          r->package = std::make_unique<train::ModelPackage>(train::ModelPackage::load(path));
          r->server = std::make_unique<serve::ModelServer>(r->package->model(), options);
          r->server->start();
          *slot = std::move(r);
          return {};
        });
      },
      Qt::QueuedConnection);
}

void ServeController::stop() {
  jobs_.invalidate();
  pending_.reset();
  if (!running_) return;
  running_.reset();  // stops: finishes the requests under way
  url_.clear();
  emit stopped();
}

bool ServeController::running() const { return running_ != nullptr; }

qint64 ServeController::requests() const {
  return running_ ? running_->server->metrics().requests() : 0;
}

}  // namespace spanforge::ui
