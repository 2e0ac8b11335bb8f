#include "active/alresultcollector.h"

#include <algorithm>

namespace spanforge::active {

AlResultCollector::AlResultCollector(std::vector<Strategy> strategies)
    : strategies_(std::move(strategies)) {}

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
