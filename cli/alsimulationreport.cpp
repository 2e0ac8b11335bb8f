#include "cli/alsimulationreport.h"

#include <cstdio>

namespace spanforge::cli {
namespace {

std::string shareText(const std::optional<double>& v) {
  if (!v) return "not reached";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * *v);
  return buf;
}

}  // namespace

std::string AlSimulationReport::header() {
  return "seed  curve    round  labelled  sentences  test P  test R  test F   steps  seconds\n";
}

std::string AlSimulationReport::row(uint64_t seed, const std::string& curve,
                                    const active::AlRound& r) {
  char buf[200];
  std::snprintf(
      buf, sizeof buf, "%4llu  %-7s  %5lld  %7.1f%%  %9lld  %6.2f  %6.2f  %6.2f  %6lld  %7.1f\n",
      static_cast<unsigned long long>(seed), curve.c_str(), static_cast<long long>(r.round),
      100.0 * r.fraction, static_cast<long long>(r.sentences), 100.0 * r.test.precision,
      100.0 * r.test.recall, 100.0 * r.test.f1, static_cast<long long>(r.steps),
      r.trainSeconds + r.rankSeconds);
  return buf;
}

std::string AlSimulationReport::summary(const active::AlSummary& s) {
  std::string out;
  char buf[200];
  std::snprintf(buf, sizeof buf, "\nMean test F1 over %d seed(s)", s.seeds);
  out += buf;
  if (s.fullF1) {
    std::snprintf(buf, sizeof buf, "; full data: %.2f (sd %.2f)", 100.0 * *s.fullF1,
                  100.0 * s.fullSd);
    out += buf;
  }
  out += "\nstrategy  labelled  sentences  test F     sd     min     max\n";
  for (const auto& st : s.strategies) {
    for (const auto& p : st.points) {
      std::snprintf(buf, sizeof buf, "%-8s  %7.1f%%  %9lld  %6.2f  %5.2f  %6.2f  %6.2f\n",
                    active::toString(st.strategy), 100.0 * p.fraction,
                    static_cast<long long>(p.sentences), 100.0 * p.meanF1, 100.0 * p.sdF1,
                    100.0 * p.minF1, 100.0 * p.maxF1);
      out += buf;
    }
  }
  if (s.fullF1) {
    out += "\nLabels needed for 95% / 99% of full-data F1:\n";
    for (const auto& st : s.strategies) {
      std::snprintf(buf, sizeof buf, "%-8s  %s / %s\n", active::toString(st.strategy),
                    shareText(st.reach95).c_str(), shareText(st.reach99).c_str());
      out += buf;
    }
  }
  return out;
}

}  // namespace spanforge::cli
