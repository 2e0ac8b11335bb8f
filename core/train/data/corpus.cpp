#include "train/data/corpus.h"

#include <xxhash.h>

#include <algorithm>
#include <set>
#include <stdexcept>

namespace spanforge::train {

Corpus::Corpus(std::vector<Example> examples) {
  examples_.reserve(examples.size());
  for (auto& e : examples) add(std::move(e));
}

void Corpus::add(Example example) {
  std::sort(example.spans.begin(), example.spans.end());
  const auto n = static_cast<int64_t>(example.tokens.size());
  int64_t previousEnd = 0;
  for (const auto& s : example.spans) {
    if (s.first < previousEnd || s.first >= s.last || s.last > n || s.label.empty())
      throw std::invalid_argument(
          "span [" + std::to_string(s.first) + ", " + std::to_string(s.last) + ") " + s.label +
          " is empty, overlaps another or lies outside the " + std::to_string(n) + " tokens");
    previousEnd = s.last;
  }
  words_ += n;
  entities_ += static_cast<int64_t>(example.spans.size());
  examples_.push_back(std::move(example));
}

std::vector<std::string> Corpus::labels() const {
  std::set<std::string> labels;
  for (const auto& e : examples_)
    for (const auto& s : e.spans) labels.insert(s.label);
  return {labels.begin(), labels.end()};
}

uint64_t Corpus::contentHash() const {
  std::string data;
  for (const auto& e : examples_) {
    for (const auto& t : e.tokens) (data += t) += '\x1f';
    for (const auto& s : e.spans)
      data += std::to_string(s.first) + ':' + std::to_string(s.last) + ':' + s.label + '\x1f';
    data += '\x1e';
  }
  return XXH3_64bits(data.data(), data.size());
}

}  // namespace spanforge::train
