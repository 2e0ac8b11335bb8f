#include "active/alsummary.h"

#include <algorithm>
#include <cmath>

namespace spanforge::active {
namespace {

struct Spread {
  double mean = 0.0, sd = 0.0, min = 0.0, max = 0.0;
};

Spread spreadOf(const std::vector<double>& v) {
  Spread s;
  if (v.empty()) return s;
  for (double x : v) s.mean += x;
  s.mean /= static_cast<double>(v.size());
  if (v.size() > 1) {
    double ss = 0.0;
    for (double x : v) ss += (x - s.mean) * (x - s.mean);
    s.sd = std::sqrt(ss / static_cast<double>(v.size() - 1));
  }
  s.min = *std::min_element(v.begin(), v.end());
  s.max = *std::max_element(v.begin(), v.end());
  return s;
}

}  // namespace

std::optional<double> firstReaching(const std::vector<AlSummaryPoint>& points, double full,
                                    double target) {
  for (const auto& p : points)
    if (p.meanF1 >= target * full) return p.fraction;
  return std::nullopt;
}

AlSummary summarize(const std::vector<AlSimulationResult>& runs,
                    std::optional<double> fullF1Given) {
  AlSummary summary;
  summary.seeds = static_cast<int>(runs.size());
  std::vector<double> full;
  for (const auto& run : runs)
    if (run.fullData) full.push_back(run.fullData->test.f1);
  if (fullF1Given) {
    summary.fullF1 = *fullF1Given;
  } else if (!full.empty()) {
    const Spread s = spreadOf(full);
    summary.fullF1 = s.mean;
    summary.fullSd = s.sd;
  }

  // Strategies in the order of the first run that has them.
  std::vector<Strategy> order;
  for (const auto& run : runs)
    for (const auto& curve : run.curves)
      if (std::find(order.begin(), order.end(), curve.strategy) == order.end())
        order.push_back(curve.strategy);

  for (const Strategy strategy : order) {
    AlStrategySummary s;
    s.strategy = strategy;
    for (size_t k = 0;; ++k) {
      std::vector<double> f1;
      AlSummaryPoint p;
      for (const auto& run : runs)
        for (const auto& curve : run.curves)
          if (curve.strategy == strategy && k < curve.rounds.size()) {
            f1.push_back(curve.rounds[k].test.f1);
            p.fraction = curve.rounds[k].fraction;
            p.sentences = curve.rounds[k].sentences;
          }
      if (f1.empty()) break;
      const Spread sp = spreadOf(f1);
      p.seeds = static_cast<int>(f1.size());
      p.meanF1 = sp.mean;
      p.sdF1 = sp.sd;
      p.minF1 = sp.min;
      p.maxF1 = sp.max;
      s.points.push_back(p);
    }
    if (summary.fullF1 && *summary.fullF1 > 0) {  // any curve "reaches" 95% of nothing
      s.reach95 = firstReaching(s.points, *summary.fullF1, 0.95);
      s.reach99 = firstReaching(s.points, *summary.fullF1, 0.99);
    }
    summary.strategies.push_back(std::move(s));
  }
  return summary;
}

}  // namespace spanforge::active
