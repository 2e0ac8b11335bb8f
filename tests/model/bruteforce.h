#pragma once

// Enumerates every tag path of a short sentence: the reference the CRF
// tests compare against.

#include "model/crfscores.h"
#include "model/tagset.h"

#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <vector>

namespace spanforge::model::testing {

struct Path {
  std::vector<int64_t> tags;
  double score = 0.0;
};

// Valid paths only (forbidden scores are -inf), with their scores.
inline std::vector<Path> allPaths(const CrfScores& s, const float* emissions, int64_t n) {
  std::vector<Path> out;
  std::vector<int64_t> tags(static_cast<size_t>(n), 0);
  std::function<void(int64_t)> rec = [&](int64_t t) {
    if (t == n) {
      double score =
          s.start[static_cast<size_t>(tags[0])] + s.end[static_cast<size_t>(tags.back())];
      for (int64_t i = 0; i < n; ++i) {
        score += emissions[i * s.numTags + tags[static_cast<size_t>(i)]];
        if (i > 0)
          score += s.transition(tags[static_cast<size_t>(i - 1)], tags[static_cast<size_t>(i)]);
      }
      if (std::isfinite(score)) out.push_back({tags, score});
      return;
    }
    for (int64_t y = 0; y < s.numTags; ++y) {
      tags[static_cast<size_t>(t)] = y;
      rec(t + 1);
    }
  };
  rec(0);
  return out;
}

inline double logSumExp(const std::vector<Path>& paths) {
  double m = -std::numeric_limits<double>::infinity();
  for (const auto& p : paths) m = std::max(m, p.score);
  double s = 0.0;
  for (const auto& p : paths) s += std::exp(p.score - m);
  return m + std::log(s);
}

// CRF scores with the tag set's constraints (-inf) and random learned values.
template <class Rng>
CrfScores randomScores(const TagSet& tags, Rng& rng, double scale) {
  std::normal_distribution<double> normal(0.0, scale);
  CrfScores s;
  const int64_t k = tags.size();
  s.numTags = k;
  const double inf = std::numeric_limits<double>::infinity();
  for (int64_t a = 0; a < k; ++a) {
    s.start.push_back(tags.allowedStart(a) ? normal(rng) : -inf);
    s.end.push_back(tags.allowedEnd(a) ? normal(rng) : -inf);
    for (int64_t b = 0; b < k; ++b)
      s.transitions.push_back(tags.allowedTransition(a, b) ? normal(rng) : -inf);
  }
  return s;
}

}  // namespace spanforge::model::testing
