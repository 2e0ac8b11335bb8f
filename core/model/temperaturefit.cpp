#include "model/temperaturefit.h"

#include "model/crflattice.h"
#include "model/nermodel.h"

#include <cmath>
#include <stdexcept>

namespace spanforge::model {

void TemperatureFit::add(const CrfInputs& inputs, const std::vector<int64_t>& lengths,
                         const std::vector<std::vector<int64_t>>& gold) {
  if (lengths.size() != gold.size())
    throw std::invalid_argument("as many gold paths as sentences are needed");
  const int64_t k = inputs.scores.numTags;
  if (!lengths.empty() && static_cast<int64_t>(inputs.emissions.size()) !=
                              static_cast<int64_t>(lengths.size()) * inputs.steps * k)
    throw std::invalid_argument("the emission scores do not match the batch");
  if (sentences_.empty())
    scores_ = inputs.scores;
  else if (scores_.transitions != inputs.scores.transitions)
    throw std::invalid_argument("the CRF scores differ from those added before");
  for (size_t i = 0; i < lengths.size(); ++i) {
    const int64_t n = lengths[i];
    if (static_cast<int64_t>(gold[i].size()) != n || n > inputs.steps)
      throw std::invalid_argument("a gold path's length differs from its sentence's");
    if (n == 0) continue;  // one empty path: nothing to learn
    const float* row = inputs.emissions.data() + static_cast<int64_t>(i) * inputs.steps * k;
    sentences_.push_back({std::vector<float>(row, row + n * k), gold[i]});
  }
}

double TemperatureFit::nll(double t) const {
  if (sentences_.empty()) return 0.0;
  const double inv = 1.0 / t;
  CrfScores scaled = scores_;
  scaled.scale(inv);
  double sum = 0.0;
  std::vector<float> emissions;
  for (const auto& s : sentences_) {
    emissions.resize(s.emissions.size());
    for (size_t j = 0; j < emissions.size(); ++j)
      emissions[j] = static_cast<float>(s.emissions[j] * inv);
    const CrfLattice lattice(scaled, emissions.data(), static_cast<int64_t>(s.gold.size()));
    sum += lattice.logPartition() - lattice.pathScore(s.gold);
  }
  return sum / static_cast<double>(sentences_.size());
}

double TemperatureFit::fit() const {
  if (sentences_.empty()) return 1.0;
  // Golden-section search on log t: 60 steps shrink the bracket by 0.618^60.
  const double ratio = (std::sqrt(5.0) - 1.0) / 2.0;
  double lo = std::log(kMin), hi = std::log(kMax);
  double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
  double fa = nll(std::exp(a)), fb = nll(std::exp(b));
  for (int i = 0; i < 60; ++i) {
    if (fa <= fb) {
      hi = b;
      b = a;
      fb = fa;
      a = hi - ratio * (hi - lo);
      fa = nll(std::exp(a));
    } else {
      lo = a;
      a = b;
      fa = fb;
      b = lo + ratio * (hi - lo);
      fb = nll(std::exp(b));
    }
  }
  return std::exp((lo + hi) / 2.0);
}

}  // namespace spanforge::model
