#include "model/batch.h"

#include <algorithm>
#include <stdexcept>

namespace spanforge::model {

void Batch::add(SentenceFeatures features, std::vector<int64_t> tags) {
  const auto n = static_cast<size_t>(features.length);
  if (!tags.empty() && tags.size() != n)
    throw std::invalid_argument("a sentence of " + std::to_string(n) + " tokens has " +
                                std::to_string(tags.size()) + " tags");
  const bool subwords = !features.subwords.pieces.empty();  // a transformer's
  if (subwords ? features.subwords.pieces.size() != n || !features.hashIds.empty()
               : features.charIds.size() != n * static_cast<size_t>(features.charWidth) ||
                     (!features.vectorIds.empty() && features.vectorIds.size() != n) ||
                     (n > 0 && (features.hashIds.empty() || features.hashIds.size() % n != 0)))
    throw std::invalid_argument("inconsistent sentence features");
  words_ += features.length;
  maxLength_ = std::max(maxLength_, features.length);
  charWidth_ = std::max(charWidth_, features.charWidth);
  if (!tags.empty() || n == 0) ++tagged_;
  sentences_.push_back(std::move(features));
  tags_.push_back(std::move(tags));
}

}  // namespace spanforge::model
