#pragma once

#include <QThread>

#include <memory>

namespace spanforge::ui {

// RAII owner of a thread running one worker QObject: the constructor moves
// the worker into a new thread and starts it; the destructor quits the
// thread's event loop and waits for it, and the worker is deleted in its own
// thread. Whoever owns a WorkerThread must first make a running job return
// (cancel flag), else the destructor waits for the job to end.
class WorkerThread {
 public:
  explicit WorkerThread(QObject* worker);
  ~WorkerThread();
  WorkerThread(const WorkerThread&) = delete;
  WorkerThread& operator=(const WorkerThread&) = delete;

  QThread* thread() const { return thread_.get(); }

 private:
  std::unique_ptr<QThread> thread_;
};

}  // namespace spanforge::ui
