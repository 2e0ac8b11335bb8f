#include "interchange/importworker.h"

#include "common/nativepath.h"
#include "io/inputerror.h"
#include "io/outputtarget.h"
#include "store/projectstore.h"

#include <QElapsedTimer>

#include <exception>

namespace spanforge::ui {

ImportWorker::ImportWorker(QObject* parent) : QObject(parent) {
  qRegisterMetaType<project::ImportProgress>();
  qRegisterMetaType<ImportOutcome>();
}

void ImportWorker::run(const ImportRequest& request) {
  ImportOutcome result;
  result.job = request.job;
  try {
    std::vector<std::string> files;
    for (const QString& f : request.files) files.push_back(nativePath(f));
    // The project is written: a file to import must not be it (a file dialog offers it).
    for (const std::string& f : files)
      io::OutputTarget(nativePath(request.projectPath), "the project")
          .notFile(f, "the file to import");
    const auto project = store::ProjectStore::open(nativePath(request.projectPath));
    QElapsedTimer clock;
    clock.start();
    const auto progress = [&](const project::ImportProgress& p) {
      if (clock.elapsed() < 40 && p.bytesDone < p.bytesTotal) return;  // at most 25 a second
      clock.restart();
      emit progressed(request.job, p);
    };
    project::Importer importer(*project);
    result.report = importer.run(files, request.options, progress, request.cancel.get());
  } catch (const io::InputError& e) {
    result.report.errors.push_back(e);  // a file that cannot be read at all
  } catch (const std::exception& e) {
    result.failure = QString::fromStdString(e.what());
  }
  emit finished(result);
}

}  // namespace spanforge::ui
