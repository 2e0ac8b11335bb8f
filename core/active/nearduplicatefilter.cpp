#include "active/nearduplicatefilter.h"

#include <xxhash.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace spanforge::active {
namespace {

uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}

// ASCII lower case: "RT @user" and "rt @USER" are the same shingle; other
// scripts are compared as written.
std::string lowered(const std::string& token) {
  std::string out = token;
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

}  // namespace

NearDuplicateFilter::NearDuplicateFilter(double threshold, int shingleSize)
    : threshold_(threshold), shingleSize_(shingleSize) {
  if (!(threshold > 0.0 && threshold <= 1.0))
    throw std::invalid_argument("the near-duplicate threshold must be in (0, 1], not " +
                                std::to_string(threshold));
  if (shingleSize < 1)
    throw std::invalid_argument("the shingle size must be at least 1, not " +
                                std::to_string(shingleSize));
  for (int i = 0; i < kBands * kRows; ++i)
    seeds_.push_back(mix(0x5350414e464f5247ULL + static_cast<uint64_t>(i)));
}

std::vector<uint64_t> NearDuplicateFilter::shingles(const std::vector<std::string>& tokens,
                                                    int shingleSize) {
  std::vector<uint64_t> out;
  if (tokens.empty()) return out;
  const size_t n = std::min(tokens.size(), static_cast<size_t>(std::max(shingleSize, 1)));
  std::vector<std::string> low;
  low.reserve(tokens.size());
  for (const auto& t : tokens) low.push_back(lowered(t));
  std::string joined;
  for (size_t i = 0; i + n <= low.size(); ++i) {
    joined.clear();
    for (size_t k = i; k < i + n; ++k) {
      joined += low[k];
      joined += '\x1f';  // unit separator: "a b" + "c" differs from "a" + "b c"
    }
    out.push_back(XXH3_64bits(joined.data(), joined.size()));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

double NearDuplicateFilter::jaccard(const std::vector<uint64_t>& a,
                                    const std::vector<uint64_t>& b) {
  if (a.empty() && b.empty()) return 0.0;
  size_t common = 0;
  for (size_t i = 0, j = 0; i < a.size() && j < b.size();) {
    if (a[i] < b[j]) {
      ++i;
    } else if (b[j] < a[i]) {
      ++j;
    } else {
      ++common;
      ++i;
      ++j;
    }
  }
  return static_cast<double>(common) / static_cast<double>(a.size() + b.size() - common);
}

std::vector<uint32_t> NearDuplicateFilter::signature(const std::vector<uint64_t>& shingles) const {
  std::vector<uint32_t> sig(seeds_.size(), std::numeric_limits<uint32_t>::max());
  for (uint64_t s : shingles) {
    for (size_t i = 0; i < seeds_.size(); ++i)
      sig[i] = std::min(sig[i], static_cast<uint32_t>(mix(s ^ seeds_[i]) >> 32));
  }
  return sig;
}

uint64_t NearDuplicateFilter::bandKey(const std::vector<uint32_t>& signature, int band) const {
  uint64_t key = mix(static_cast<uint64_t>(band) + 1);
  for (int r = 0; r < kRows; ++r) key = mix(key ^ signature[static_cast<size_t>(band * kRows + r)]);
  return key;
}

bool NearDuplicateFilter::admit(const std::vector<std::string>& tokens) {
  return admitShingles(shingles(tokens, shingleSize_));
}

bool NearDuplicateFilter::admitShingles(std::vector<uint64_t> set) {
  if (set.empty()) {
    ++admitted_;
    return true;
  }
  const std::vector<uint32_t> sig = signature(set);
  std::vector<uint64_t> keys;
  keys.reserve(kBands);
  std::vector<uint32_t> checked;
  for (int band = 0; band < kBands; ++band) {
    keys.push_back(bandKey(sig, band));
    const auto it = buckets_.find(keys.back());
    if (it == buckets_.end()) continue;
    for (uint32_t other : it->second) {
      if (std::find(checked.begin(), checked.end(), other) != checked.end()) continue;
      checked.push_back(other);
      if (jaccard(set, sets_[other]) >= threshold_) return false;
    }
  }
  ++admitted_;
  const auto index = static_cast<uint32_t>(sets_.size());
  sets_.push_back(std::move(set));
  for (uint64_t key : keys) {
    auto& bucket = buckets_[key];
    if (bucket.empty() || bucket.back() != index) bucket.push_back(index);
  }
  return true;
}

std::vector<size_t> NearDuplicateFilter::diversify(
    const std::vector<std::vector<uint64_t>>& shinglesInRankOrder) {
  std::vector<size_t> order, duplicates;
  order.reserve(shinglesInRankOrder.size());
  for (size_t i = 0; i < shinglesInRankOrder.size(); ++i)
    (admitShingles(shinglesInRankOrder[i]) ? order : duplicates).push_back(i);
  order.insert(order.end(), duplicates.begin(), duplicates.end());
  return order;
}

}  // namespace spanforge::active
