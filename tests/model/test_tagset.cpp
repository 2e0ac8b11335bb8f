#include "model/tagset.h"

#include "catchapi.h"

using spanforge::model::TagSet;
using spanforge::text::TagScheme;
using spanforge::text::TokenSpan;

TEST_CASE("tag set: BILUO tags and order") {
  const TagSet t({"PER", "LOC"}, TagScheme::BILUO);
  REQUIRE(t.size() == 9);
  CHECK(t.tags() == std::vector<std::string>{"O", "B-PER", "I-PER", "L-PER", "U-PER", "B-LOC",
                                             "I-LOC", "L-LOC", "U-LOC"});
  CHECK(t.index("U-LOC") == 8);
  CHECK(t.index("E-LOC") == -1);
  CHECK(t.tagOf('L', 0) == 3);
  CHECK(t.prefix(6) == 'I');
  CHECK(t.labelOf(6) == 1);
  CHECK(t.labelOf(0) == -1);
}

TEST_CASE("tag set: IOB2 tags") {
  const TagSet t({"A"}, TagScheme::IOB2);
  CHECK(t.tags() == std::vector<std::string>{"O", "B-A", "I-A"});
  CHECK(t.tagOf('U', 0) == -1);
}

TEST_CASE("tag set: rejects bad labels and IOB1") {
  CHECK_THROWS_AS(TagSet({"A", "A"}, TagScheme::BILUO), std::invalid_argument);
  CHECK_THROWS_AS(TagSet({""}, TagScheme::BILUO), std::invalid_argument);
  CHECK_THROWS_AS(TagSet({"A B"}, TagScheme::BILUO), std::invalid_argument);
  CHECK_THROWS_AS(TagSet({"A"}, TagScheme::IOB1), std::invalid_argument);
}

TEST_CASE("tag set: IOB2 constraints") {
  const TagSet t({"A", "B"}, TagScheme::IOB2);
  const auto O = t.index("O"), BA = t.index("B-A"), IA = t.index("I-A"), IB = t.index("I-B");
  CHECK_FALSE(t.allowedStart(IA));
  CHECK(t.allowedStart(BA));
  CHECK_FALSE(t.allowedTransition(O, IA));
  CHECK(t.allowedTransition(BA, IA));
  CHECK(t.allowedTransition(IA, IA));
  CHECK_FALSE(t.allowedTransition(BA, IB));
  CHECK(t.allowedEnd(BA));
  CHECK(t.allowedEnd(IA));
}

TEST_CASE("tag set: BILUO constraints") {
  const TagSet t({"A", "B"}, TagScheme::BILUO);
  const auto O = t.index("O"), BA = t.index("B-A"), IA = t.index("I-A"), LA = t.index("L-A"),
             UA = t.index("U-A"), UB = t.index("U-B"), LB = t.index("L-B");
  CHECK_FALSE(t.allowedTransition(BA, UB));
  CHECK_FALSE(t.allowedTransition(BA, O));
  CHECK_FALSE(t.allowedTransition(BA, LB));
  CHECK(t.allowedTransition(BA, LA));
  CHECK(t.allowedTransition(IA, IA));
  CHECK(t.allowedTransition(LA, UB));
  CHECK_FALSE(t.allowedTransition(UA, IA));
  CHECK_FALSE(t.allowedStart(LA));
  CHECK_FALSE(t.allowedEnd(BA));
  CHECK_FALSE(t.allowedEnd(IA));
  CHECK(t.allowedEnd(UA));
}

TEST_CASE("tag set: encode, decode and span tags") {
  const TagSet t({"A", "B"}, TagScheme::BILUO);
  const std::vector<TokenSpan> spans{{0, 1, "B"}, {2, 5, "A"}};
  const auto ids = t.encode(spans, 6);
  std::vector<std::string> names;
  for (auto i : ids) names.push_back(t.tag(i));
  CHECK(names == std::vector<std::string>{"U-B", "O", "B-A", "I-A", "L-A", "O"});
  CHECK(t.decode(ids) == spans);
  CHECK(t.spanTags(0, 3) == std::vector<int64_t>{ids[2], ids[3], ids[4]});
  CHECK(t.spanTags(1, 1) == std::vector<int64_t>{ids[0]});
  CHECK_THROWS_AS(t.encode({{0, 1, "C"}}, 2), std::invalid_argument);
  CHECK_THROWS_AS(t.encode({{0, 2, "A"}, {1, 3, "B"}}, 4), std::invalid_argument);

  const TagSet iob({"A"}, TagScheme::IOB2);
  CHECK(iob.spanTags(0, 3) == std::vector<int64_t>{1, 2, 2});
}
