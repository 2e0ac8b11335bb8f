#include "cli/jsonleventlog.h"

#include "io/inputerror.h"

#include <nlohmann/json.hpp>

namespace spanforge::cli {

JsonlEventLog::JsonlEventLog(const std::string& path, train::TrainingObserver* next)
    : file_(path, std::ios::binary | std::ios::trunc), next_(next) {
  if (!file_) throw io::InputError(path, 0, "", "cannot create the log file");
}

void JsonlEventLog::write(const train::TrainingEvent& event) {
  nlohmann::json j;
  to_json(j, event);
  file_ << j.dump() << "\n" << std::flush;
}

void JsonlEventLog::onStep(const train::StepEvent& e) {
  write(e);
  if (next_) next_->onStep(e);
}

void JsonlEventLog::onEvaluation(const train::EvaluationEvent& e) {
  write(e);
  if (next_) next_->onEvaluation(e);
}

void JsonlEventLog::onBatchSize(const train::BatchSizeEvent& e) {
  nlohmann::json j;
  to_json(j, e);
  file_ << j.dump() << "\n" << std::flush;
  if (next_) next_->onBatchSize(e);
}

void JsonlEventLog::onFinished(const train::FinishedEvent& e) {
  write(e);
  if (next_) next_->onFinished(e);
}

}  // namespace spanforge::cli
