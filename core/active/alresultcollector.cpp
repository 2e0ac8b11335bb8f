#include "active/alresultcollector.h"

#include <algorithm>

namespace spanforge::active {

AlResultCollector::AlResultCollector(std::vector<Strategy> strategies)
    : strategies_(std::move(strategies)) {}

AlResultCollector::AlResultCollector(const AlExperimentResult& finished) : runs_(finished.runs) {
  bool trained = false;
  for (const auto& r : runs_) trained = trained || r.fullData.has_value();
  if (!trained) fullF1_ = finished.summary.fullF1;
  for (const auto& r : runs_)
    for (const auto& c : r.curves)
      if (std::find(strategies_.begin(), strategies_.end(), c.strategy) == strategies_.end())
        strategies_.push_back(c.strategy);
}

AlSimulationResult& AlResultCollector::runOf(uint64_t seed) {
  for (auto& r : runs_)
    if (r.seed == seed) return r;
  AlSimulationResult r;
  r.seed = seed;
  for (const Strategy s : strategies_) r.curves.push_back(AlCurve{s, {}});
  runs_.push_back(std::move(r));
  return runs_.back();
}

void AlResultCollector::add(uint64_t seed, const std::string& curve, const AlRound& round) {
  AlSimulationResult& run = runOf(seed);
  if (curve == kFullDataCurve) {
    run.fullData = round;
    return;
  }
  for (auto& c : run.curves)
    if (curve == kSeedCurve || curve == toString(c.strategy)) c.rounds.push_back(round);
}

}  // namespace spanforge::active
