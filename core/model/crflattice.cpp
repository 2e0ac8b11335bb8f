#include "model/crflattice.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace spanforge::model {
namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

double maxFinite(const std::vector<double>& v) {
  double m = kNegInf;
  for (double x : v) m = std::max(m, x);
  return std::isfinite(m) ? m : 0.0;
}

}  // namespace

CrfLattice::CrfLattice(const CrfScores& scores, const float* emissions, int64_t length)
    : s_(scores), n_(length), k_(scores.numTags), secondScore_(kNegInf) {
  if (k_ < 1 || static_cast<int64_t>(s_.start.size()) != k_ ||
      static_cast<int64_t>(s_.end.size()) != k_ ||
      static_cast<int64_t>(s_.transitions.size()) != k_ * k_)
    throw std::invalid_argument("inconsistent CRF scores");
  em_.assign(emissions, emissions + n_ * k_);
  if (n_ == 0) return;  // one empty path, probability 1
  viterbi2();
  forwardBackward();
}

// List Viterbi keeping the two best partial paths per (position, tag): the
// best and second-best complete paths are then the top two at the end.
void CrfLattice::viterbi2() {
  const auto k = static_cast<size_t>(k_);
  std::vector<double> cur(2 * k, kNegInf), next(2 * k);
  std::vector<int32_t> back(static_cast<size_t>(n_) * 2 * k, -1);
  for (size_t y = 0; y < k; ++y) cur[2 * y] = s_.start[y] + emit(0, static_cast<int64_t>(y));
  for (int64_t t = 1; t < n_; ++t) {
    int32_t* bp = back.data() + static_cast<size_t>(t) * 2 * k;
    for (size_t y = 0; y < k; ++y) {
      double b1 = kNegInf, b2 = kNegInf;
      int32_t p1 = -1, p2 = -1;
      for (size_t from = 0; from < 2 * k; ++from) {
        const double v = cur[from] + s_.transitions[(from / 2) * k + y];
        if (v > b1) {
          b2 = b1, p2 = p1;
          b1 = v, p1 = static_cast<int32_t>(from);
        } else if (v > b2) {
          b2 = v, p2 = static_cast<int32_t>(from);
        }
      }
      const double e = emit(t, static_cast<int64_t>(y));
      next[2 * y] = b1 + e;
      next[2 * y + 1] = b2 + e;
      bp[2 * y] = p1;
      bp[2 * y + 1] = p2;
    }
    cur.swap(next);
  }
  double b1 = kNegInf, b2 = kNegInf;
  int32_t p1 = -1, p2 = -1;
  for (size_t from = 0; from < 2 * k; ++from) {
    const double v = cur[from] + s_.end[from / 2];
    if (v > b1) {
      b2 = b1, p2 = p1;
      b1 = v, p1 = static_cast<int32_t>(from);
    } else if (v > b2) {
      b2 = v, p2 = static_cast<int32_t>(from);
    }
  }
  auto trace = [&](int32_t state) {
    std::vector<int64_t> path(static_cast<size_t>(n_));
    for (int64_t t = n_ - 1; t >= 0; --t) {
      path[static_cast<size_t>(t)] = state / 2;
      state = back[static_cast<size_t>(t) * 2 * k + static_cast<size_t>(state)];
    }
    return path;
  };
  bestScore_ = b1;
  if (p1 >= 0 && std::isfinite(b1)) best_ = trace(p1);
  secondScore_ = b2;
  if (p2 >= 0 && std::isfinite(b2)) second_ = trace(p2);
}

// Scaled forward-backward in probability space: each step is a small
// matrix-vector product with no exp() in the inner loop; the scale factors'
// logs are accumulated so that absolute log-alphas and log-betas remain
// available for path probabilities.
void CrfLattice::forwardBackward() {
  const auto k = static_cast<size_t>(k_);
  const auto n = static_cast<size_t>(n_);
  const double tmax = maxFinite(s_.transitions);
  std::vector<double> expTrans(k * k);
  for (size_t i = 0; i < k * k; ++i) expTrans[i] = std::exp(s_.transitions[i] - tmax);
  // Emissions as exp(e - rowMax), and the row maxima.
  std::vector<double> ex(n * k), rowMax(n);
  for (size_t t = 0; t < n; ++t) {
    double m = kNegInf;
    for (size_t y = 0; y < k; ++y) m = std::max(m, em_[t * k + y]);
    rowMax[t] = m;
    for (size_t y = 0; y < k; ++y) ex[t * k + y] = std::exp(em_[t * k + y] - m);
  }
  alpha_.assign(n * k, 0.0);
  beta_.assign(n * k, 0.0);
  alphaLog_.assign(n, 0.0);
  betaLog_.assign(n, 0.0);

  const double smax = maxFinite(s_.start);
  double sum = 0.0;
  for (size_t y = 0; y < k; ++y) {
    alpha_[y] = std::exp(s_.start[y] - smax) * ex[y];
    sum += alpha_[y];
  }
  for (size_t y = 0; y < k; ++y) alpha_[y] /= sum;
  alphaLog_[0] = smax + rowMax[0] + std::log(sum);
  for (size_t t = 1; t < n; ++t) {
    const double* prev = alpha_.data() + (t - 1) * k;
    double* a = alpha_.data() + t * k;
    for (size_t from = 0; from < k; ++from) {
      const double p = prev[from];
      if (p == 0.0) continue;
      const double* row = expTrans.data() + from * k;
      for (size_t y = 0; y < k; ++y) a[y] += p * row[y];
    }
    sum = 0.0;
    for (size_t y = 0; y < k; ++y) sum += (a[y] *= ex[t * k + y]);
    for (size_t y = 0; y < k; ++y) a[y] /= sum;
    alphaLog_[t] = alphaLog_[t - 1] + tmax + rowMax[t] + std::log(sum);
  }

  const double emax = maxFinite(s_.end);
  double* last = beta_.data() + (n - 1) * k;
  sum = 0.0;
  for (size_t y = 0; y < k; ++y) sum += (last[y] = std::exp(s_.end[y] - emax));
  for (size_t y = 0; y < k; ++y) last[y] /= sum;
  betaLog_[n - 1] = emax + std::log(sum);
  double z = 0.0;
  for (size_t y = 0; y < k; ++y) z += alpha_[(n - 1) * k + y] * last[y];
  logZ_ = alphaLog_[n - 1] + betaLog_[n - 1] + std::log(z);

  std::vector<double> weighted(k);
  for (size_t t = n - 1; t-- > 0;) {
    const double* nb = beta_.data() + (t + 1) * k;
    double* b = beta_.data() + t * k;
    for (size_t y = 0; y < k; ++y) weighted[y] = ex[(t + 1) * k + y] * nb[y];
    sum = 0.0;
    for (size_t from = 0; from < k; ++from) {
      const double* row = expTrans.data() + from * k;
      double acc = 0.0;
      for (size_t y = 0; y < k; ++y) acc += row[y] * weighted[y];
      sum += (b[from] = acc);
    }
    for (size_t y = 0; y < k; ++y) b[y] /= sum;
    betaLog_[t] = betaLog_[t + 1] + tmax + rowMax[t + 1] + std::log(sum);
  }

  // Scales are shared by all tags at a position, so normalising a*b per
  // position gives the exact marginals.
  marginals_.assign(n * k, 0.0);
  for (size_t t = 0; t < n; ++t) {
    double total = 0.0;
    for (size_t y = 0; y < k; ++y)
      total += (marginals_[t * k + y] = alpha_[t * k + y] * beta_[t * k + y]);
    for (size_t y = 0; y < k; ++y) marginals_[t * k + y] /= total;
  }
}

double CrfLattice::logAlpha(int64_t t, int64_t y) const {
  return std::log(alpha_[static_cast<size_t>(t * k_ + y)]) + alphaLog_[static_cast<size_t>(t)];
}

double CrfLattice::logBeta(int64_t t, int64_t y) const {
  return std::log(beta_[static_cast<size_t>(t * k_ + y)]) + betaLog_[static_cast<size_t>(t)];
}

double CrfLattice::marginal(int64_t t, int64_t tag) const {
  return marginals_.at(static_cast<size_t>(t * k_ + tag));
}

double CrfLattice::tokenEntropy(int64_t t) const {
  double h = 0.0;
  for (int64_t y = 0; y < k_; ++y) {
    const double p = marginal(t, y);
    if (p > 0.0) h -= p * std::log(p);
  }
  return h;
}

double CrfLattice::pathScore(const std::vector<int64_t>& tags) const {
  if (static_cast<int64_t>(tags.size()) != n_)
    throw std::invalid_argument("path length differs from the sentence length");
  if (n_ == 0) return 0.0;
  double s = s_.start[static_cast<size_t>(tags[0])] + s_.end[static_cast<size_t>(tags.back())];
  for (int64_t t = 0; t < n_; ++t) {
    s += emit(t, tags[static_cast<size_t>(t)]);
    if (t > 0) s += s_.transition(tags[static_cast<size_t>(t - 1)], tags[static_cast<size_t>(t)]);
  }
  return s;
}

double CrfLattice::pathProbability(int64_t from, const std::vector<int64_t>& tags,
                                   int64_t notNext) const {
  const auto m = static_cast<int64_t>(tags.size());
  if (from < 0 || from + m > n_) throw std::out_of_range("path outside the sentence");
  if (m == 0) return 1.0;
  // log alpha(first) + path inside + log beta(last) - log Z
  double inner = 0.0;
  for (int64_t i = 1; i < m; ++i) {
    const auto a = tags[static_cast<size_t>(i - 1)];
    const auto b = tags[static_cast<size_t>(i)];
    inner += s_.transition(a, b) + emit(from + i, b);
  }
  const double head = logAlpha(from, tags[0]) + inner - logZ_;
  double p = std::exp(head + logBeta(from + m - 1, tags.back()));
  if (notNext >= 0 && from + m < n_) {
    const int64_t t = from + m;
    p -= std::exp(head + s_.transition(tags.back(), notNext) + emit(t, notNext) +
                  logBeta(t, notNext));
  }
  return std::isnan(p) ? 0.0 : std::clamp(p, 0.0, 1.0);
}

}  // namespace spanforge::model
