#pragma once

#include "text/span.h"

#include <set>
#include <string>
#include <vector>

namespace spanforge::active {

// Which of a model's suggestions for one document a person is offered: the
// span editor shows these, and "accept all" takes exactly these, so the two
// can never disagree.
//
// A suggestion is offered when its label is one of the project's (accepting
// one of another label would make gold the store refuses), its span is not
// empty, it overlaps no gold span (the person has decided there, whatever
// the label) and it overlaps no better suggestion. Suggestions that are not
// offered hide nothing: an unknown-label suggestion does not keep a worse
// one of a known label from showing.
class SuggestionFilter {
 public:
  // The offered suggestions, best first: by score, ties (and NaN scores,
  // last) in text order, so the result does not depend on the input order.
  static std::vector<text::ScoredSpan> visible(const std::vector<text::ScoredSpan>& predictions,
                                               const std::vector<text::Span>& gold,
                                               const std::set<std::string>& labels);
};

}  // namespace spanforge::active
