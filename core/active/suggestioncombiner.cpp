#include "active/suggestioncombiner.h"

#include <algorithm>

namespace spanforge::active {

namespace {

// `from` without the suggestions that overlap one of `winners`.
std::vector<text::ScoredSpan> outside(const std::vector<text::ScoredSpan>& from,
                                      const std::vector<text::ScoredSpan>& winners) {
  std::vector<text::ScoredSpan> out;
  for (const text::ScoredSpan& s : from)
    if (std::none_of(winners.begin(), winners.end(),
                     [&](const text::ScoredSpan& w) { return w.span.overlaps(s.span); }))
      out.push_back(s);
  return out;
}

}  // namespace

std::vector<text::ScoredSpan> SuggestionCombiner::combine(
    const std::vector<text::ScoredSpan>& model, const std::vector<text::ScoredSpan>& patterns,
    CombineRule rule) {
  std::vector<text::ScoredSpan> out;
  switch (rule) {
    case CombineRule::ModelFirst:
      out = model;
      for (const text::ScoredSpan& s : outside(patterns, model)) out.push_back(s);
      break;
    case CombineRule::PatternsFirst:
      out = outside(model, patterns);
      out.insert(out.end(), patterns.begin(), patterns.end());
      break;
    case CombineRule::Both:
      out = model;
      out.insert(out.end(), patterns.begin(), patterns.end());
      break;
  }
  return out;
}

const char* SuggestionCombiner::name(CombineRule rule) {
  switch (rule) {
    case CombineRule::ModelFirst:
      return "model-first";
    case CombineRule::PatternsFirst:
      return "patterns-first";
    case CombineRule::Both:
      return "both";
  }
  return "both";
}

std::optional<CombineRule> SuggestionCombiner::parse(const std::string& name) {
  for (CombineRule r : {CombineRule::ModelFirst, CombineRule::PatternsFirst, CombineRule::Both})
    if (name == SuggestionCombiner::name(r)) return r;
  return std::nullopt;
}

}  // namespace spanforge::active
