#include "active/nearduplicatefilter.h"

#include "catchapi.h"

#include <random>
#include <sstream>

using spanforge::active::NearDuplicateFilter;

namespace {

std::vector<std::string> tokens(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string t; in >> t;) out.push_back(t);
  return out;
}

std::vector<uint64_t> shingles(const std::string& text, int n = 3) {
  return NearDuplicateFilter::shingles(tokens(text), n);
}

}  // namespace

TEST_CASE("shingles are token n-grams, case-folded, distinct and sorted") {
  CHECK(shingles("a b c d").size() == 2);      // "a b c", "b c d"
  CHECK(shingles("a b c a b c").size() == 3);  // "a b c" twice, "b c a", "c a b"
  CHECK(shingles("A B C") == shingles("a b c"));
  CHECK(shingles("a b").size() == 1);  // shorter than n: the whole document
  CHECK(shingles("").empty());
  CHECK(shingles("ab c d") != shingles("a bc d"));  // token boundaries count
  const auto s = shingles("the cat sat on the mat today");
  CHECK(std::is_sorted(s.begin(), s.end()));
  CHECK(shingles("a b c d", 1).size() == 4);
}

TEST_CASE("Jaccard similarity by hand") {
  // "a b c d e" -> {abc, bcd, cde}; "a b c d f" -> {abc, bcd, cdf}: 2 / 4.
  CHECK(NearDuplicateFilter::jaccard(shingles("a b c d e"), shingles("a b c d f")) == Approx(0.5));
  CHECK(NearDuplicateFilter::jaccard(shingles("a b c"), shingles("a b c")) == 1.0);
  CHECK(NearDuplicateFilter::jaccard(shingles("a b c"), shingles("x y z")) == 0.0);
  CHECK(NearDuplicateFilter::jaccard({}, {}) == 0.0);
}

TEST_CASE("near-duplicates are refused, distinct documents admitted") {
  NearDuplicateFilter filter(0.7);
  const std::string base =
      "RT @user : the new phone from Acme is out today and it looks great , get it now";
  CHECK(filter.admit(tokens(base)));
  CHECK_FALSE(filter.admit(tokens(base)));  // exact copy
  // Last token changed (and case): 16 of 17 shingles shared, 16 / 18 = 0.89.
  CHECK_FALSE(filter.admit(
      tokens("rt @user : the new phone from acme is out today and it looks great , get it later")));
  CHECK(filter.admit(tokens("completely different words about the weather in Paris tonight")));
  // The first 10 tokens shared: 8 of 17 shingles, 8 / 26 = 0.31.
  CHECK(
      filter.admit(tokens("RT @user : the new phone from Acme is out but the battery is "
                          "weak and the screen dim")));
  CHECK(filter.admit({}));  // nothing to compare: always in
  CHECK(filter.admit({}));
  CHECK(filter.admitted() == 5);
}

TEST_CASE("the filter agrees with exact Jaccard on random documents") {
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> word(0, 40), edit(0, 3);
  std::vector<std::vector<std::string>> docs;
  for (int i = 0; i < 60; ++i) {
    std::vector<std::string> d;
    if (i % 3 == 2) {
      d = docs[static_cast<size_t>(i - 1)];  // a variant of the previous document
      for (int e = edit(rng); e > 0; --e) d[static_cast<size_t>(word(rng)) % d.size()] = "x";
    } else {
      for (int k = 0; k < 20; ++k) d.push_back("w" + std::to_string(word(rng)));
    }
    docs.push_back(d);
  }
  const double threshold = 0.6;
  NearDuplicateFilter filter(threshold);
  std::vector<std::vector<uint64_t>> kept;
  for (const auto& d : docs) {
    const auto s = NearDuplicateFilter::shingles(d, 3);
    double maxSim = 0.0;
    for (const auto& k : kept) maxSim = std::max(maxSim, NearDuplicateFilter::jaccard(s, k));
    const bool admitted = filter.admit(d);
    // Never refuses below the threshold; at 0.6 LSH finds a candidate with
    // probability 0.87 per pair, so allow no misses only well above it.
    if (maxSim < threshold) CHECK(admitted);
    if (maxSim >= 0.85) CHECK_FALSE(admitted);
    if (admitted) kept.push_back(s);
  }
}

TEST_CASE("diversify moves near-duplicates below the others, keeping order") {
  NearDuplicateFilter filter;
  const std::vector<std::vector<uint64_t>> ranked = {
      shingles("one two three four five six"), shingles("one two three four five six"),
      shingles("seven eight nine ten eleven"), shingles("ONE two three four five six"),
      shingles("twelve thirteen fourteen")};
  CHECK(filter.diversify(ranked) == std::vector<size_t>{0, 2, 4, 1, 3});
}

TEST_CASE("bad filter settings are refused") {
  CHECK_THROWS_AS(NearDuplicateFilter(0.0), std::invalid_argument);
  CHECK_THROWS_AS(NearDuplicateFilter(1.5), std::invalid_argument);
  CHECK_THROWS_AS(NearDuplicateFilter(0.5, 0), std::invalid_argument);
}
