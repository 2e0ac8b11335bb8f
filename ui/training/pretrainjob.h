#pragma once

#include "training/trainingworker.h"

#include <functional>

namespace spanforge::train {
class TrainingObserver;
}

namespace spanforge::ui {

// Pretraining from the GUI, on the training thread: the project's documents
// (but those marked test) as text, a stored run of kind "pretrain" whose
// steps are recorded like a training run's (so the dashboard and the Runs
// page show its loss), and the weights written to outputDirectory(). A
// resumed pretraining (request.resumeFrom) moves the stopped run's folder to
// its own and goes on there.
class PretrainJob {
 public:
  // `forward` gets every step (and the end) after it is recorded; `started`
  // is called once the text is read and the run stored.
  static TrainingOutcome run(const TrainingRequest& request, train::TrainingObserver& forward,
                             const std::function<void(const TrainingStart&)>& started);

  // "<project dir>/<project name>.models/pretrain-<id>".
  static QString outputDirectory(const QString& projectPath, int64_t runId);
};

}  // namespace spanforge::ui
