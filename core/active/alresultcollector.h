#pragma once

#include "active/alexperiment.h"
#include "active/alsimulation.h"
#include "active/alsummary.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace spanforge::active {

// Builds an experiment's results round by round as AlExperiment reports
// them (seed, curve name, round), so a live view can summarise what has
// finished so far: the shared seed round starts every strategy's curve,
// "full" is the seed's full-data training.
class AlResultCollector {
 public:
  explicit AlResultCollector(std::vector<Strategy> strategies);
  // A finished experiment (one read back from its JSON); its summary's
  // full-data F1 stands when no run trained on the full data (--full-f1).
  explicit AlResultCollector(const AlExperimentResult& finished);

  void add(uint64_t seed, const std::string& curve, const AlRound& round);
  const std::vector<AlSimulationResult>& runs() const { return runs_; }
  AlSummary summary() const { return summarize(runs_, fullF1_); }

 private:
  AlSimulationResult& runOf(uint64_t seed);

  std::vector<Strategy> strategies_;
  std::vector<AlSimulationResult> runs_;
  std::optional<double> fullF1_;  // given, not trained
};

}  // namespace spanforge::active
