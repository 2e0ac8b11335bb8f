#pragma once

#include "active/alsimulation.h"
#include "active/alsummary.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace spanforge::cli {

// What al-simulate was asked to do, echoed in its JSON.
struct AlSimulationSettings {
  std::vector<std::string> strategies;
  std::vector<uint64_t> seeds;
  double seedFraction = 0.0;
  double stepFraction = 0.0;
  int64_t maxSteps = 0;
  int64_t maxEpochs = 0;
  int64_t patience = 0;
  double maxMinutes = 0.0;
  bool pretrained = false;  // --pretrain
};

// al-simulate's output: a table row per round as it ends, a summary table
// after all seeds, or one JSON document.
class AlSimulationReport {
 public:
  static std::string header();
  static std::string row(uint64_t seed, const std::string& curve, const active::AlRound& r);
  // Mean, spread and the shares reaching 95% / 99% of full-data F1.
  static std::string summary(const active::AlSummary& s);
  static nlohmann::ordered_json json(const AlSimulationSettings& settings,
                                     const std::vector<active::AlSimulationResult>& runs,
                                     const active::AlSummary& s);
};

}  // namespace spanforge::cli
