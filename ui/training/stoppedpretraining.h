#pragma once

#include "train/config/trainconfig.h"

#include <QString>

#include <cstdint>
#include <optional>

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::ui {

// The project's newest pretraining run when it was stopped before its limit
// and its folder can be gone on from with `config` (PretrainResume::whyNot
// finds nothing against it; whether the text is unchanged is known only once
// the job has read it).
struct StoppedPretraining {
  int64_t runId = 0;
  int64_t step = 0;  // where it stopped
  QString folder;

  // Nothing when the newest pretraining finished, failed before writing,
  // or cannot be resumed; reads the run list and the folder's small files.
  static std::optional<StoppedPretraining> find(store::ProjectStore& project,
                                                const QString& projectPath,
                                                const train::TrainConfig& config);
};

}  // namespace spanforge::ui
