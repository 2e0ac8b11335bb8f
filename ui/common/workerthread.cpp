#include "common/workerthread.h"

namespace spanforge::ui {

WorkerThread::WorkerThread(QObject* worker) : thread_(std::make_unique<QThread>()) {
  worker->moveToThread(thread_.get());
  QObject::connect(thread_.get(), &QThread::finished, worker, &QObject::deleteLater);
  thread_->start();
}

WorkerThread::~WorkerThread() {
  thread_->quit();
  thread_->wait();
}

}  // namespace spanforge::ui
