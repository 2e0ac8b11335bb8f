#pragma once

#include "project/importer.h"

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>

namespace spanforge::ui {

struct ImportRequest {
  int job = 0;
  QString projectPath;
  QStringList files;
  project::ImportOptions options;
  std::shared_ptr<std::atomic<bool>> cancel;
};

struct ImportOutcome {
  int job = 0;
  project::ImportReport report;  // errors: the records (or files) refused
  QString failure;               // the import could not run at all (store error)
};

// Runs imports on a worker thread (see WorkerThread). Each job opens its own
// store::ProjectStore on the project's path, so the thread has its own SQLite
// connection; the import is one transaction (all or nothing unless
// skipInvalid). Progress is throttled and, like the result, carries the job
// id so the dialog can drop what belongs to an abandoned job.
class ImportWorker : public QObject {
  Q_OBJECT

 public:
  explicit ImportWorker(QObject* parent = nullptr);

  // Runs in the worker's thread: call through QMetaObject::invokeMethod.
  void run(const ImportRequest& request);

 signals:
  void progressed(int job, const spanforge::project::ImportProgress& progress);
  void finished(const spanforge::ui::ImportOutcome& result);
};

}  // namespace spanforge::ui

Q_DECLARE_METATYPE(spanforge::project::ImportProgress)
Q_DECLARE_METATYPE(spanforge::ui::ImportOutcome)
