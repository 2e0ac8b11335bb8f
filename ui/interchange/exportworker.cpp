#include "interchange/exportworker.h"

#include "common/nativepath.h"
#include "store/projectstore.h"

#include <QElapsedTimer>

#include <exception>

namespace spanforge::ui {

ExportWorker::ExportWorker(QObject* parent) : QObject(parent) {
  qRegisterMetaType<ExportOutcome>();
}

void ExportWorker::run(const ExportRequest& request) {
  ExportOutcome result;
  result.job = request.job;
  try {
    const auto project = store::ProjectStore::open(nativePath(request.projectPath));
    QElapsedTimer clock;
    clock.start();
    project::Exporter exporter(*project);
    result.report = exporter.run(
        nativePath(request.outputPath), request.options,
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
