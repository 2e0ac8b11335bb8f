#pragma once

#include "project/datachecks.h"
#include "train/config/trainconfig.h"

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace spanforge::ui {

struct DataCheckRequest {
  int job = 0;
  QString projectPath;
  train::TrainConfig config;
  QString devFile;  // as in TrainingRequest
};

struct DataCheckOutcome {
  int job = 0;
  project::DataReport report;  // spaCy-style debug-data checks
  QString devSource;
  int64_t trainSentences = 0, devSentences = 0, skipped = 0;
  QStringList warnings;  // documents left out while loading
  QString blocking;      // training cannot start (no data, too few examples ...); empty if it can

  // Checks whose severity is Warning: shown before training; the user may go on.
  int warningCount() const;
};

// Runs the data checks before training on a worker thread with its own
// store::ProjectStore: the debug-data report, the train/dev split training would
// use, and the trainer's own fail-fast validation.
class DataCheckWorker : public QObject {
  Q_OBJECT

 public:
  explicit DataCheckWorker(QObject* parent = nullptr);

  // Runs in the worker's thread: call through QMetaObject::invokeMethod.
  void run(const DataCheckRequest& request);

 signals:
  void finished(const spanforge::ui::DataCheckOutcome& result);
};

}  // namespace spanforge::ui

Q_DECLARE_METATYPE(spanforge::ui::DataCheckOutcome)
