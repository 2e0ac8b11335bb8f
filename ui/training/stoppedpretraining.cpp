#include "training/stoppedpretraining.h"

#include "common/nativepath.h"
#include "store/projectstore.h"
#include "train/pretrain/pretrainedweights.h"
#include "train/pretrain/pretrainresume.h"
#include "training/pretrainjob.h"

namespace spanforge::ui {

std::optional<StoppedPretraining> StoppedPretraining::find(store::ProjectStore& project,
                                                           const QString& projectPath,
                                                           const train::TrainConfig& config) {
  const auto runs = project.runs().runs();
  for (auto r = runs.rbegin(); r != runs.rend(); ++r) {
    if (r->kind != store::RunRecord::kPretrainRun) continue;
    // Only the newest: an older stopped one was given up for a later one.
    if (r->state != store::RunState::Stopped) return std::nullopt;
    const QString folder = PretrainJob::outputDirectory(projectPath, r->id);
    const std::string dir = nativePath(folder);
    if (!train::PretrainResume::whyNot(dir, config).empty()) return std::nullopt;
    try {
      const train::PretrainSummary summary = train::PretrainedWeights::readSummary(dir);
      if (summary.finished) return std::nullopt;
      return StoppedPretraining{r->id, summary.steps, folder};
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

}  // namespace spanforge::ui
