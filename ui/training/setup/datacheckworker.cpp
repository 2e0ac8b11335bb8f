#include "training/setup/datacheckworker.h"

#include "common/nativepath.h"
#include "store/projectstore.h"
#include "train/data/projectdata.h"
#include "train/trainer.h"

#include <exception>

namespace spanforge::ui {

int DataCheckOutcome::warningCount() const {
  int n = 0;
  for (const auto& c : report.checks) n += c.severity == project::Severity::Warning;
  return n;
}

DataCheckWorker::DataCheckWorker(QObject* parent) : QObject(parent) {
  qRegisterMetaType<DataCheckOutcome>();
}

void DataCheckWorker::run(const DataCheckRequest& request) {
  DataCheckOutcome result;
  result.job = request.job;
  try {
    const auto project = store::ProjectStore::open(nativePath(request.projectPath));
    result.report = project::DataChecks(*project).run();
    const train::TrainingData data =
        train::TrainingData::load(*project, request.config.data, nativePath(request.devFile));
    result.devSource = QString::fromStdString(data.devSource);
    result.trainSentences = static_cast<int64_t>(data.train.size());
    result.devSentences = static_cast<int64_t>(data.dev.size());
    result.skipped = data.skipped;
    for (const auto& w : data.warnings) result.warnings << QString::fromStdString(w);
    train::Trainer::validateData(request.config, data.train, data.dev);
  } catch (const std::exception& e) {
    result.blocking = QString::fromStdString(e.what());
  }
  emit finished(result);
}

}  // namespace spanforge::ui
