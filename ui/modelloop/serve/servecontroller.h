#pragma once

#include "common/jobtracker.h"

#include <QObject>
#include <QString>

#include <memory>
#include <mutex>

namespace spanforge::serve {
class ModelServer;
}
namespace spanforge::train {
class ModelPackage;
}

namespace spanforge::ui {

class TaskWorker;
class WorkerThread;

// Runs `spanforge-cli serve`'s HTTP server (serve::ModelServer) for a model
// package from the GUI: the package is loaded and the port bound on a worker
// thread, so the window never waits; stop() ends it. One server at a time.
class ServeController : public QObject {
  Q_OBJECT

 public:
  struct Settings {
    QString host = QStringLiteral("127.0.0.1");
    int port = 9090;
    int threads = 4;
  };

  explicit ServeController(QObject* parent = nullptr);
  ~ServeController() override;

  // Loads the package at `modelPath` and starts serving it; started() or
  // failed() tells. A running server is stopped first.
  void start(const QString& modelPath, const QString& modelName, const Settings& settings);
  void stop();
  bool running() const;
  bool starting() const { return jobs_.isRunning(); }
  QString url() const { return url_; }
  qint64 requests() const;  // answered since start()

 signals:
  void started(const QString& url);
  void failed(const QString& error);
  void stopped();

 private:
  struct Running;
  JobTracker jobs_;
  QString url_;
  // Set by the worker's task, read once its job finished (UI thread).
  std::shared_ptr<std::unique_ptr<Running>> pending_;
  std::unique_ptr<Running> running_;
  TaskWorker* worker_;
  std::unique_ptr<WorkerThread> thread_;
};

}  // namespace spanforge::ui
