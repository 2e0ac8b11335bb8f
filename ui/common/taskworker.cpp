#include "common/taskworker.h"

#include <exception>

namespace spanforge::ui {

void TaskWorker::run(int job, const Task& task) {
  QString error;
  try {
    error = task();
  } catch (const std::exception& e) {
    error = QString::fromStdString(e.what());
  }
  emit finished(job, error);
}

}  // namespace spanforge::ui
