#include "model/vectorscoverage.h"

#include "model/vectors.h"

#include <algorithm>

namespace spanforge::model {

void VectorsCoverage::add(std::string_view token) { ++counts_[std::string(token)]; }

VectorsCoverage::Result VectorsCoverage::measure(const Vectors& vectors, size_t maxMissing) const {
  Result r;
  std::vector<std::pair<std::string, int64_t>> missing;
  for (const auto& [word, n] : counts_) {
    ++r.words;
    r.tokens += n;
    if (vectors.find(word) >= 0) {
      ++r.coveredWords;
      r.coveredTokens += n;
    } else {
      missing.emplace_back(word, n);
    }
  }
  // Most frequent first; ties alphabetically, so a report repeats exactly.
  const auto before = [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  };
  const size_t keep = std::min(maxMissing, missing.size());
  std::partial_sort(missing.begin(), missing.begin() + static_cast<std::ptrdiff_t>(keep),
                    missing.end(), before);
  missing.resize(keep);
  r.missing = std::move(missing);
  return r;
}

}  // namespace spanforge::model
