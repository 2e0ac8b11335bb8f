#include "train/data/batcher.h"

#include <algorithm>

namespace spanforge::train {
namespace {

// Fisher-Yates over raw mt19937_64 output: the same order on every standard
// library (std::shuffle's use of the engine is implementation-defined).
template <class T>
void shuffle(std::vector<T>& v, std::mt19937_64& rng) {
  for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng() % i]);
}

}  // namespace

Batcher::Batcher(std::vector<int64_t> lengths, const TrainingSettings& settings)
    : lengths_(std::move(lengths)), schedule_(settings), bucketing_(settings.lengthBucketing) {
  for (size_t i = 0; i < lengths_.size(); ++i) {
    if (lengths_[i] <= 0) continue;
    nonEmpty_.push_back(i);
    words_ += lengths_[i];
  }
}

std::vector<std::vector<size_t>> Batcher::epoch(std::mt19937_64& rng, int64_t firstStep) const {
  std::vector<size_t> order = nonEmpty_;
  shuffle(order, rng);
  std::vector<std::vector<size_t>> batches;
  int64_t step = firstStep;

  // Cuts sentences [begin, end) of `order` into batches by the step budgets.
  auto cut = [&](size_t begin, size_t end) {
    std::vector<std::vector<size_t>> out;
    std::vector<size_t> batch;
    int64_t words = 0;
    int64_t budget = schedule_.at(step);
    for (size_t i = begin; i < end; ++i) {
      const int64_t n = lengths_[order[i]];
      if (!batch.empty() && words + n > budget) {
        out.push_back(std::move(batch));
        batch.clear();
        words = 0;
        budget = schedule_.at(++step);
      }
      batch.push_back(order[i]);
      words += n;
    }
    if (!batch.empty()) {
      out.push_back(std::move(batch));
      ++step;
    }
    return out;
  };

  if (!bucketing_) return cut(0, order.size());
  for (size_t begin = 0; begin < order.size();) {
    const int64_t chunkWords = kChunkBatches * schedule_.at(step);
    size_t end = begin;
    for (int64_t words = 0; end < order.size() && words < chunkWords; ++end)
      words += lengths_[order[end]];
    std::stable_sort(order.begin() + static_cast<std::ptrdiff_t>(begin),
                     order.begin() + static_cast<std::ptrdiff_t>(end),
                     [&](size_t a, size_t b) { return lengths_[a] < lengths_[b]; });
    auto chunk = cut(begin, end);
    shuffle(chunk, rng);
    for (auto& b : chunk) batches.push_back(std::move(b));
    begin = end;
  }
  return batches;
}

}  // namespace spanforge::train
