#pragma once

#include "active/alsimulation.h"

#include <optional>
#include <vector>

namespace spanforge::active {

// Test F1 at one labelled share, over the seeds that reached it.
struct AlSummaryPoint {
  double fraction = 0.0;
  int64_t sentences = 0;
  int seeds = 0;
  double meanF1 = 0.0;
  double sdF1 = 0.0;  // sample standard deviation; 0 for one seed
  double minF1 = 0.0;
  double maxF1 = 0.0;
};

struct AlStrategySummary {
  Strategy strategy = Strategy::LeastConfidence;
  std::vector<AlSummaryPoint> points;
  // The smallest labelled share whose mean F1 reaches 95% / 99% of the mean
  // full-data F1; nullopt when no point does, or the full-data F1 is unknown.
  std::optional<double> reach95;
  std::optional<double> reach99;
};

struct AlSummary {
  std::vector<AlStrategySummary> strategies;
  std::optional<double> fullF1;  // mean over the seeds' full-data trainings
  double fullSd = 0.0;
  int seeds = 0;
};

// Mean and spread per strategy and round over several simulations (one per
// seed; the same pool and fractions, so round k has the same share in every
// one). fullF1Given, when set, is the reference instead of the simulations'
// full-data trainings.
AlSummary summarize(const std::vector<AlSimulationResult>& runs,
                    std::optional<double> fullF1Given = std::nullopt);

// The first share at which `points`' mean F1 reaches target * full.
std::optional<double> firstReaching(const std::vector<AlSummaryPoint>& points, double full,
                                    double target);

}  // namespace spanforge::active
