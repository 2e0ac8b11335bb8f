// Model suggestions and pattern matches in one document, by the user's rule.
#include "active/suggestioncombiner.h"
#include "active/suggestionfilter.h"

#include "catchapi.h"

using spanforge::active::CombineRule;
using spanforge::active::SuggestionCombiner;
using spanforge::active::SuggestionFilter;
using spanforge::text::ScoredSpan;
using spanforge::text::Span;

namespace {

// The model: "New York" LOC (0.9), "Apple" ORG (0.4). The patterns: "York"
// LOC (overlaps the model's New York), "Mars" ORG (alone).
const std::vector<ScoredSpan> kModel{{{0, 8, "LOC"}, 0.9}, {{20, 25, "ORG"}, 0.4}};
const std::vector<ScoredSpan> kPatterns{{{4, 8, "LOC"}, 0.5, 7}, {{30, 34, "ORG"}, 0.5, 8}};

std::vector<Span> shown(const std::vector<ScoredSpan>& all) {
  std::vector<Span> out;
  for (const ScoredSpan& s : SuggestionFilter::visible(all, {}, {"LOC", "ORG"}))
    out.push_back(s.span);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("Combine rule: model first drops the matches that overlap a model suggestion") {
  const auto all = SuggestionCombiner::combine(kModel, kPatterns, CombineRule::ModelFirst);
  CHECK(shown(all) == std::vector<Span>{{0, 8, "LOC"}, {20, 25, "ORG"}, {30, 34, "ORG"}});
}

TEST_CASE("Combine rule: patterns first drops the model suggestions a match overlaps") {
  const auto all = SuggestionCombiner::combine(kModel, kPatterns, CombineRule::PatternsFirst);
  CHECK(shown(all) == std::vector<Span>{{4, 8, "LOC"}, {20, 25, "ORG"}, {30, 34, "ORG"}});
  for (const ScoredSpan& s : all)
    if (s.span.start == 4) CHECK(s.pattern == 7);  // its source goes along
}

TEST_CASE("Combine rule: both keeps all, the better score showing where they overlap") {
  const auto all = SuggestionCombiner::combine(kModel, kPatterns, CombineRule::Both);
  CHECK(all.size() == 4);
  CHECK(shown(all) == std::vector<Span>{{0, 8, "LOC"}, {20, 25, "ORG"}, {30, 34, "ORG"}});
  // A pattern people keep accepting outscores an unsure model.
  std::vector<ScoredSpan> sure = kPatterns;
  sure[0].score = 0.95;
  CHECK(shown(SuggestionCombiner::combine(kModel, sure, CombineRule::Both)) ==
        std::vector<Span>{{4, 8, "LOC"}, {20, 25, "ORG"}, {30, 34, "ORG"}});
}

TEST_CASE("Combine rule: without a model or without patterns each rule shows the other side") {
  for (CombineRule r : {CombineRule::ModelFirst, CombineRule::PatternsFirst, CombineRule::Both}) {
    CHECK(SuggestionCombiner::combine({}, kPatterns, r).size() == 2);
    CHECK(SuggestionCombiner::combine(kModel, {}, r).size() == 2);
  }
}

TEST_CASE("Combine rule: names for settings, and unknown names refused") {
  for (CombineRule r : {CombineRule::ModelFirst, CombineRule::PatternsFirst, CombineRule::Both})
    CHECK(SuggestionCombiner::parse(SuggestionCombiner::name(r)) == r);
  CHECK_FALSE(SuggestionCombiner::parse("models-first"));
  CHECK_FALSE(SuggestionCombiner::parse(""));
}
