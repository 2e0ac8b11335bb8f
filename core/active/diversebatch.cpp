#include "active/diversebatch.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace spanforge::active {
namespace {

std::vector<float> unit(const std::vector<float>& v) {
  double norm = 0.0;
  for (float x : v) norm += static_cast<double>(x) * x;
  std::vector<float> out(v);
  if (norm > 0.0)
    for (float& x : out) x = static_cast<float>(x / std::sqrt(norm));
  return out;
}

double cosineDistance(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.empty() || b.empty() || a.size() != b.size()) return 0.0;
  double dot = 0.0;
  for (size_t i = 0; i < a.size(); ++i) dot += static_cast<double>(a[i]) * b[i];
  return std::max(0.0, 1.0 - dot);
}

}  // namespace

std::vector<size_t> DiverseBatch::reorder(const std::vector<size_t>& order,
                                          const std::vector<double>& scores,
                                          const std::vector<std::vector<float>>& vectors,
                                          size_t batchSize, size_t batches) {
  if (batchSize == 0 || batches == 0) return order;
  std::vector<size_t> out;
  out.reserve(order.size());
  std::vector<size_t> remaining = order;
  for (size_t b = 0; b < batches && !remaining.empty(); ++b) {
    const size_t pool = std::min(remaining.size(), batchSize * kCandidatesPerPick);
    std::vector<std::vector<float>> units;
    units.reserve(pool);
    for (size_t c = 0; c < pool; ++c) units.push_back(unit(vectors[remaining[c]]));
    std::vector<double> nearest(pool, std::numeric_limits<double>::infinity());
    std::vector<bool> picked(pool, false);
    size_t pick = 0;  // the highest-ranked candidate first
    for (size_t n = 0; n < std::min(batchSize, pool); ++n) {
      picked[pick] = true;
      out.push_back(remaining[pick]);
      for (size_t c = 0; c < pool; ++c)
        if (!picked[c]) nearest[c] = std::min(nearest[c], cosineDistance(units[c], units[pick]));
      double best = -1.0;
      for (size_t c = 0; c < pool; ++c) {
        if (picked[c]) continue;
        const double value = std::max(0.0, scores[remaining[c]]) * nearest[c];
        if (value > best) best = value, pick = c;
      }
    }
    std::vector<size_t> rest;
    rest.reserve(remaining.size());
    for (size_t c = 0; c < remaining.size(); ++c)
      if (c >= pool || !picked[c]) rest.push_back(remaining[c]);
    remaining = std::move(rest);
  }
  out.insert(out.end(), remaining.begin(), remaining.end());
  return out;
}

}  // namespace spanforge::active
