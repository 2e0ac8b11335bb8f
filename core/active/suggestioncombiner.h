#pragma once

#include "text/span.h"

#include <optional>
#include <string>
#include <vector>

namespace spanforge::active {

// How a model's suggestions and pattern matches share a document.
enum class CombineRule {
  ModelFirst,     // a match overlapping a model suggestion is not offered
  PatternsFirst,  // a model suggestion overlapping a match is not offered
  Both,           // all are offered; where they overlap, the better score shows
};

// Joins the two sources into the one list SuggestionFilter picks from: the
// rule drops the losing side's overlaps; "both" leaves them to the filter,
// which shows the better-scored of two overlapping suggestions.
class SuggestionCombiner {
 public:
  static std::vector<text::ScoredSpan> combine(const std::vector<text::ScoredSpan>& model,
                                               const std::vector<text::ScoredSpan>& patterns,
                                               CombineRule rule);
  // "model-first", "patterns-first", "both": how settings store a rule.
  static const char* name(CombineRule rule);
  static std::optional<CombineRule> parse(const std::string& name);
};

}  // namespace spanforge::active
