#pragma once

#include "active/alexperiment.h"
#include "train/config/trainconfig.h"

#include <string>

namespace spanforge::active {

// An active-learning experiment as the JSON document `al-simulate --json`
// prints and the GUI saves (tools/plot-al-curves.py reads it): the settings
// and budget, every seed's curves and full-data training, and the summary.
class AlSimulationJson {
 public:
  // `config` is the one trained with: its steps, epochs, patience and
  // minutes are the budget.
  static std::string write(const train::TrainConfig& config, const AlExperimentOptions& options,
                           const AlExperimentResult& result);

  // The runs of such a document (its curves and full-data trainings) and
  // their summary, to show again; `source` names it in errors. Throws
  // io::InputError naming the field that is missing or wrong.
  static AlExperimentResult read(const std::string& text, const std::string& source);
};

}  // namespace spanforge::active
