#include "exportworker.h"

#include "store/project.h"

#include <QElapsedTimer>
#include <QFile>

#include <exception>

namespace spanforge::ui {

ExportWorker::ExportWorker(QObject* parent) : QObject(parent) { qRegisterMetaType<ExportResult>(); }

void ExportWorker::run(const ExportRequest& request) {
  ExportResult result;
  result.job = request.job;
  try {
    const auto project = store::Project::open(QFile::encodeName(request.projectPath).toStdString());
    QElapsedTimer clock;
    clock.start();
    project::Exporter exporter(*project);
    result.report = exporter.run(
        QFile::encodeName(request.outputPath).toStdString(), request.options,
        [&](int64_t done) {
          if (clock.elapsed() < 40) return;
          clock.restart();
          emit progressed(request.job, done);
        },
        request.cancel.get());
  } catch (const std::exception& e) {
    result.failure = QString::fromStdString(e.what());
  }
  emit finished(result);
}

}  // namespace spanforge::ui
