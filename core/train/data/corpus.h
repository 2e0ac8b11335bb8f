#pragma once

#include "text/tokenspan.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::train {

// One training or evaluation sentence: its tokens and gold entities over them.
struct Example {
  std::vector<std::string> tokens;
  std::vector<text::TokenSpan> spans;  // sorted, non-overlapping, inside the tokens
};

// Sentences with gold entities, as the trainer and the evaluator consume them.
class Corpus {
 public:
  Corpus() = default;
  explicit Corpus(std::vector<Example> examples);

  // Throws std::invalid_argument for spans that are empty, outside the
  // tokens, unlabelled or overlapping (the loaders never produce them).
  void add(Example example);

  const std::vector<Example>& examples() const { return examples_; }
  const Example& operator[](size_t i) const { return examples_.at(i); }
  size_t size() const { return examples_.size(); }
  bool empty() const { return examples_.empty(); }
  int64_t words() const { return words_; }
  int64_t entities() const { return entities_; }
  // Entity labels that occur, sorted.
  std::vector<std::string> labels() const;
  // A hash of every sentence's tokens and spans: equal for the same data.
  uint64_t contentHash() const;

 private:
  std::vector<Example> examples_;
  int64_t words_ = 0;
  int64_t entities_ = 0;
};

}  // namespace spanforge::train
