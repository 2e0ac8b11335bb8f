#include "active/suggestionfilter.h"

#include "catchapi.h"

#include <cmath>
#include <limits>

using spanforge::active::SuggestionFilter;
using spanforge::text::ScoredSpan;
using spanforge::text::Span;

namespace {

const std::set<std::string> kLabels{"PER", "ORG", "LOC"};

std::vector<Span> spansOf(const std::vector<ScoredSpan>& scored) {
  std::vector<Span> out;
  for (const ScoredSpan& s : scored) out.push_back(s.span);
  return out;
}

}  // namespace

TEST_CASE("SuggestionFilter: nothing in, nothing out") {
  CHECK(SuggestionFilter::visible({}, {}, kLabels).empty());
  CHECK(SuggestionFilter::visible({}, {{0, 4, "PER"}}, kLabels).empty());
  // A project without labels offers nothing.
  CHECK(SuggestionFilter::visible({{{0, 4, "PER"}, 0.9}}, {}, {}).empty());
}

TEST_CASE("SuggestionFilter: disjoint suggestions all show, best first") {
  const auto out = SuggestionFilter::visible(
      {{{0, 4, "PER"}, 0.5}, {{9, 15, "ORG"}, 0.9}, {{19, 24, "LOC"}, 0.7}}, {}, kLabels);
  CHECK(spansOf(out) == std::vector<Span>{{9, 15, "ORG"}, {19, 24, "LOC"}, {0, 4, "PER"}});
  REQUIRE(out.size() == 3);
  CHECK(out[0].score == Approx(0.9));
}

TEST_CASE("SuggestionFilter: none over a gold span, whatever its label") {
  const std::vector<Span> gold{{5, 10, "LOC"}};
  const auto out = SuggestionFilter::visible({{{0, 6, "PER"}, 0.9},    // overlaps the start
                                              {{9, 12, "ORG"}, 0.8},   // overlaps the end
                                              {{5, 10, "LOC"}, 0.95},  // the gold span itself
                                              {{6, 8, "PER"}, 0.7},    // inside it
                                              {{10, 14, "ORG"}, 0.3},  // touches it: shown
                                              {{0, 5, "PER"}, 0.2}},   // touches it: shown
                                             gold, kLabels);
  CHECK(spansOf(out) == std::vector<Span>{{10, 14, "ORG"}, {0, 5, "PER"}});
}

TEST_CASE("SuggestionFilter: of overlapping suggestions only the better shows") {
  const auto out = SuggestionFilter::visible(
      {{{0, 9, "ORG"}, 0.4}, {{0, 4, "PER"}, 0.8}, {{3, 12, "LOC"}, 0.6}, {{10, 12, "PER"}, 0.5}},
      {}, kLabels);
  // PER [0,4) beats ORG [0,9) and LOC [3,12); LOC, hidden, hides nothing,
  // so PER [10,12) shows.
  CHECK(spansOf(out) == std::vector<Span>{{0, 4, "PER"}, {10, 12, "PER"}});
}

TEST_CASE("SuggestionFilter: the same span with two labels shows the likelier label") {
  const auto out =
      SuggestionFilter::visible({{{0, 4, "ORG"}, 0.3}, {{0, 4, "PER"}, 0.7}}, {}, kLabels);
  CHECK(spansOf(out) == std::vector<Span>{{0, 4, "PER"}});
}

TEST_CASE("SuggestionFilter: ties go to the earlier span, whatever the input order") {
  const std::vector<ScoredSpan> a{{{5, 9, "ORG"}, 0.5}, {{0, 6, "PER"}, 0.5}};
  const std::vector<ScoredSpan> b{a[1], a[0]};
  CHECK(spansOf(SuggestionFilter::visible(a, {}, kLabels)) == std::vector<Span>{{0, 6, "PER"}});
  CHECK(spansOf(SuggestionFilter::visible(b, {}, kLabels)) == std::vector<Span>{{0, 6, "PER"}});
  // Equal scores on disjoint spans: text order.
  const auto out = SuggestionFilter::visible(
      {{{20, 24, "LOC"}, 0.5}, {{0, 4, "PER"}, 0.5}, {{10, 14, "ORG"}, 0.5}}, {}, kLabels);
  CHECK(spansOf(out) == std::vector<Span>{{0, 4, "PER"}, {10, 14, "ORG"}, {20, 24, "LOC"}});
}

TEST_CASE("SuggestionFilter: a label the project lacks neither shows nor hides") {
  const auto out = SuggestionFilter::visible(
      {{{0, 4, "MISC"}, 0.99}, {{0, 6, "PER"}, 0.4}, {{10, 14, "MISC"}, 0.8}}, {}, kLabels);
  // Accepting MISC would make gold the project cannot hold; the worse PER
  // under it is still offered.
  CHECK(spansOf(out) == std::vector<Span>{{0, 6, "PER"}});
  // Labels match exactly (names are case-sensitive in the store).
  CHECK(SuggestionFilter::visible({{{0, 4, "per"}, 0.9}}, {}, kLabels).empty());
}

TEST_CASE("SuggestionFilter: empty or negative spans are dropped and hide nothing") {
  const auto out = SuggestionFilter::visible(
      {{{3, 3, "PER"}, 0.9}, {{5, 2, "ORG"}, 0.9}, {{-2, 4, "LOC"}, 0.9}, {{0, 4, "PER"}, 0.1}}, {},
      kLabels);
  CHECK(spansOf(out) == std::vector<Span>{{0, 4, "PER"}});
}

TEST_CASE("SuggestionFilter: a NaN score ranks last instead of breaking the sort") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const auto out = SuggestionFilter::visible(
      {{{0, 4, "PER"}, nan}, {{2, 6, "ORG"}, 0.1}, {{10, 12, "LOC"}, nan}}, {}, kLabels);
  CHECK(spansOf(out) == std::vector<Span>{{2, 6, "ORG"}, {10, 12, "LOC"}});
}

TEST_CASE("SuggestionFilter: many overlapping suggestions never yield an overlap") {
  std::vector<ScoredSpan> in;
  for (int i = 0; i < 200; ++i) {
    const int64_t start = (i * 37) % 150;
    in.push_back(
        {{start, start + 1 + (i * 13) % 9, i % 2 ? "PER" : "ORG"}, (i * 53 % 101) / 100.0});
  }
  const std::vector<Span> gold{{40, 50, "LOC"}, {100, 101, "PER"}};
  const auto out = SuggestionFilter::visible(in, gold, kLabels);
  REQUIRE_FALSE(out.empty());
  for (size_t i = 0; i < out.size(); ++i) {
    if (i > 0) CHECK(out[i - 1].score >= out[i].score);
    for (const Span& g : gold) CHECK_FALSE(out[i].span.overlaps(g));
    for (size_t j = i + 1; j < out.size(); ++j) CHECK_FALSE(out[i].span.overlaps(out[j].span));
  }
  // Every suggestion left out overlaps gold or a shown one at least as good.
  for (const ScoredSpan& p : in) {
    bool shown = false, explained = false;
    for (const ScoredSpan& o : out) {
      shown = shown || (o.span == p.span && o.score == p.score);
      explained = explained || (o.span.overlaps(p.span) && o.score >= p.score);
    }
    for (const Span& g : gold) explained = explained || g.overlaps(p.span);
    CHECK((shown || explained));
  }
}
