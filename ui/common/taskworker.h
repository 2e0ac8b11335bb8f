#pragma once

#include <QObject>
#include <QString>

#include <functional>

namespace spanforge::ui {

// Runs short file jobs (exporting a model or a run's metrics) on a worker
// thread (see WorkerThread) so that copying and syncing files never blocks
// the UI. A task returns an error message, empty on success; exceptions it
// throws become the message.
class TaskWorker : public QObject {
  Q_OBJECT

 public:
  using Task = std::function<QString()>;

  explicit TaskWorker(QObject* parent = nullptr) : QObject(parent) {}

  // Runs in the worker's thread: call through QMetaObject::invokeMethod.
  void run(int job, const Task& task);

 signals:
  void finished(int job, const QString& error);
};

}  // namespace spanforge::ui
