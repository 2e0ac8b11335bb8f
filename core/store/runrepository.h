#pragma once

#include "store/records.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace spanforge::store {

class Database;

// Trained models and training runs with their metric events.
class RunRepository {
 public:
  explicit RunRepository(Database& db) : db_(db) {}

  int64_t addModel(const ModelRecord& m);
  std::vector<ModelRecord> models();
  std::optional<ModelRecord> currentModel();
  void setCurrentModel(int64_t modelId);

  // Records this process as the run's owner. kind: RunRecord::kTrainRun or
  // kPretrainRun.
  int64_t startRun(const std::string& configToml, const std::string& device,
                   const std::string& kind = RunRecord::kTrainRun);
  // Marks Failed every run still Running whose process has died (a kill or a
  // crash); returns how many. ProjectStore::open calls it.
  int closeAbandoned();
  // What the run found out at its start (batch_size = "auto" writes the size
  // it chose into batch_words).
  void setRunConfig(int64_t runId, const std::string& configToml);
  void addEvent(int64_t runId, const MetricEvent& e);
  // Several events in one transaction (a training run's steps in batches).
  void addEvents(int64_t runId, const std::vector<MetricEvent>& events);
  void finishRun(int64_t runId, RunState state, std::optional<int64_t> modelId,
                 const std::string& message = {});
  std::vector<RunRecord> runs();
  std::optional<RunRecord> run(int64_t runId);
  std::optional<ModelRecord> model(int64_t modelId);
  std::vector<MetricEvent> events(int64_t runId);
  // The dev documents the run held out (replacing any stored), and what was
  // stored: nullopt for a run that stored none (dev from a file, or a run
  // from before schema version 7).
  void setDevDocuments(int64_t runId, const std::vector<int64_t>& documentIds);
  std::optional<std::vector<int64_t>> devDocuments(int64_t runId);
  // The training run that wrote the model, if it is known.
  std::optional<int64_t> runOfModel(int64_t modelId);

 private:
  Database& db_;
};

}  // namespace spanforge::store
