#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace spanforge::model {
struct Prediction;
}

namespace spanforge::active {

// Class balance for Strategy::Rare: a label's rarity is how far its count of
// labelled spans falls short of the most labelled one's (0 for the most
// labelled, 1 for one never labelled), and a document's uncertainty is
// multiplied by 1 + the highest rarity among the labels the model predicts
// in it, so documents that seem to hold rarely labelled types rise (up to
// twice their score). Nothing labelled yet: every rarity is 0.
class RareLabelBoost {
 public:
  explicit RareLabelBoost(std::map<std::string, int64_t> labelledSpans);

  double rarity(const std::string& label) const;
  // In [1, 2]; 1 when the prediction has no spans.
  double factor(const model::Prediction& prediction) const;

 private:
  std::map<std::string, int64_t> counts_;
  int64_t most_ = 0;
};

}  // namespace spanforge::active
