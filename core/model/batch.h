#pragma once

#include "model/sentencefeatures.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace spanforge::model {

// Sentences that go through the network together, with gold tags for
// training. A plain value: the model pads it (to the longest sentence and
// the widest token) when it runs, so a trainer can featurize a corpus once
// and regroup the features into length-bucketed batches every epoch;
// paddedWords() / words() tells how much padding a grouping costs.
class Batch {
 public:
  // `tags` are TagSet ids, one per token, or empty when there is no gold
  // (a batch used for training needs them for every sentence). Throws
  // std::invalid_argument when the sizes do not match.
  void add(SentenceFeatures features, std::vector<int64_t> tags = {});

  int64_t size() const { return static_cast<int64_t>(sentences_.size()); }
  bool empty() const { return sentences_.empty(); }
  int64_t words() const { return words_; }
  int64_t maxLength() const { return maxLength_; }
  int64_t paddedWords() const { return maxLength_ * size(); }
  int64_t charWidth() const { return charWidth_; }
  bool hasTags() const { return tagged_ == size() && !empty(); }

  const SentenceFeatures& sentence(int64_t i) const {
    return sentences_.at(static_cast<size_t>(i));
  }
  const std::vector<int64_t>& tags(int64_t i) const { return tags_.at(static_cast<size_t>(i)); }

 private:
  std::vector<SentenceFeatures> sentences_;
  std::vector<std::vector<int64_t>> tags_;
  int64_t words_ = 0;
  int64_t maxLength_ = 0;
  int64_t charWidth_ = 1;
  int64_t tagged_ = 0;
};

}  // namespace spanforge::model
