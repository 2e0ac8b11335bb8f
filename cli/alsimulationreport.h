#pragma once

#include "active/alsimulation.h"
#include "active/alsummary.h"

#include <string>
#include <vector>

namespace spanforge::cli {

// al-simulate's tables: a row per round as it ends, and a summary after
// all seeds (the JSON document is active::AlSimulationJson).
class AlSimulationReport {
 public:
  static std::string header();
  static std::string row(uint64_t seed, const std::string& curve, const active::AlRound& r);
  // Mean, spread and the shares reaching 95% / 99% of full-data F1.
  static std::string summary(const active::AlSummary& s);
};

}  // namespace spanforge::cli
