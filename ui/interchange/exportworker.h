#pragma once

#include "project/exporter.h"

#include <QMetaType>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

namespace spanforge::ui {

struct ExportRequest {
  int job = 0;
  QString projectPath;
  QString outputPath;
  project::ExportOptions options;
  std::shared_ptr<std::atomic<bool>> cancel;
};

struct ExportOutcome {
  int job = 0;
  project::ExportReport report;
  QString failure;  // empty on success
};

// Runs exports on a worker thread with its own store::ProjectStore (its own SQLite
// connection); the output file appears only when complete.
class ExportWorker : public QObject {
  Q_OBJECT

 public:
  explicit ExportWorker(QObject* parent = nullptr);

  // Runs in the worker's thread: call through QMetaObject::invokeMethod.
  void run(const ExportRequest& request);

 signals:
  void progressed(int job, qint64 documents);
  void finished(const spanforge::ui::ExportOutcome& result);
};

}  // namespace spanforge::ui

Q_DECLARE_METATYPE(spanforge::ui::ExportOutcome)
