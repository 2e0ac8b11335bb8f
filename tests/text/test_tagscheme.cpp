#include "conll.h"
#include "text/tagscheme.h"

#include "catchapi.h"

using namespace spanforge::text;

namespace {

using Tags = std::vector<std::string>;
using Spans = std::vector<TokenSpan>;

// Two adjacent PER entities, a single-token LOC and a three-token ORG.
const Spans kSpans = {{0, 2, "PER"}, {2, 3, "PER"}, {4, 5, "LOC"}, {5, 8, "ORG"}};
const Tags kIob2 = {"B-PER", "I-PER", "B-PER", "O", "B-LOC", "B-ORG", "I-ORG", "I-ORG"};
const Tags kIob1 = {"I-PER", "I-PER", "B-PER", "O", "I-LOC", "I-ORG", "I-ORG", "I-ORG"};
const Tags kBiluo = {"B-PER", "L-PER", "U-PER", "O", "U-LOC", "B-ORG", "I-ORG", "L-ORG"};

SpansResult strict(const Tags& tags, TagScheme s) { return tagsToSpans(tags, s, TagMode::Strict); }
SpansResult lenient(const Tags& tags, TagScheme s) {
  return tagsToSpans(tags, s, TagMode::Lenient);
}

}  // namespace

TEST_CASE("scheme names parse and print") {
  CHECK(std::string(toString(TagScheme::IOB1)) == "IOB1");
  CHECK(std::string(toString(TagScheme::BILUO)) == "BILUO");
  CHECK(parseTagScheme("iob2") == TagScheme::IOB2);
  CHECK(parseTagScheme("BIO") == TagScheme::IOB2);
  CHECK(parseTagScheme("bilou") == TagScheme::BILUO);
  CHECK(parseTagScheme("IOB1") == TagScheme::IOB1);
  CHECK_FALSE(parseTagScheme("IOBES"));
}

TEST_CASE("spans become tags in each scheme") {
  CHECK(spansToTags(kSpans, 8, TagScheme::IOB2).tags == kIob2);
  CHECK(spansToTags(kSpans, 8, TagScheme::IOB1).tags == kIob1);
  CHECK(spansToTags(kSpans, 8, TagScheme::BILUO).tags == kBiluo);
  // Order of the input spans does not matter.
  const Spans shuffled = {kSpans[3], kSpans[1], kSpans[0], kSpans[2]};
  CHECK(spansToTags(shuffled, 8, TagScheme::IOB1).tags == kIob1);
  CHECK(spansToTags({}, 3, TagScheme::BILUO).tags == Tags{"O", "O", "O"});
}

TEST_CASE("spans round-trip through tags in all three schemes") {
  for (TagScheme s : {TagScheme::IOB1, TagScheme::IOB2, TagScheme::BILUO}) {
    INFO(toString(s));
    const TagsResult tags = spansToTags(kSpans, 8, s);
    REQUIRE(tags.ok());
    const SpansResult back = strict(tags.tags, s);
    CHECK(back.ok());
    CHECK(back.spans == kSpans);
    CHECK(back.repairs.empty());
  }
}

TEST_CASE("spansToTags reports bad spans and keeps the rest") {
  const TagsResult r = spansToTags(
      {{0, 2, "PER"}, {1, 3, "ORG"}, {3, 3, "X"}, {4, 9, "Y"}, {4, 5, ""}}, 5, TagScheme::IOB2);
  CHECK(r.tags == Tags{"B-PER", "I-PER", "O", "O", "O"});
  REQUIRE(r.errors.size() == 4);
  CHECK(r.errors[0].token == 1);
  CHECK(r.errors[0].message == "span [1,3) ORG overlaps span [0,2) PER");
  CHECK(r.errors[1].message == "span [3,3) X is empty or outside the 5 tokens");
  CHECK(r.errors[2].message == "span [4,5)  has no label");
  CHECK(r.errors[3].message == "span [4,9) Y is empty or outside the 5 tokens");
}

TEST_CASE("strict IOB2 reports an I- that cannot continue, lenient begins an entity") {
  const Tags tags = {"O", "I-PER", "B-LOC", "I-ORG", "I-ORG"};
  const SpansResult s = strict(tags, TagScheme::IOB2);
  REQUIRE(s.errors.size() == 2);
  CHECK(s.errors[0].token == 1);
  CHECK(s.errors[0].message == "I-PER at token 1 follows O (expected B-PER)");
  CHECK(s.errors[1].message == "I-ORG at token 3 follows B-LOC (expected B-ORG)");
  const SpansResult l = lenient(tags, TagScheme::IOB2);
  CHECK(l.ok());
  CHECK(l.repairs.size() == 2);
  CHECK(l.spans == Spans{{1, 2, "PER"}, {2, 3, "LOC"}, {3, 5, "ORG"}});
  CHECK(s.spans == l.spans);
  CHECK(strict({"I-PER"}, TagScheme::IOB2).errors.at(0).message ==
        "I-PER at token 0 starts the sequence (expected B-PER)");
}

TEST_CASE("IOB1 begins with I- and allows B- only after the same type") {
  const SpansResult ok =
      strict({"I-PER", "B-PER", "I-PER", "I-LOC", "O", "I-LOC"}, TagScheme::IOB1);
  CHECK(ok.ok());
  CHECK(ok.spans == Spans{{0, 1, "PER"}, {1, 3, "PER"}, {3, 4, "LOC"}, {5, 6, "LOC"}});
  const SpansResult bad = strict({"O", "B-PER", "I-PER"}, TagScheme::IOB1);
  REQUIRE(bad.errors.size() == 1);
  CHECK(bad.errors[0].message ==
        "B-PER at token 1 does not follow a PER entity (IOB1 begins entities with I-)");
  CHECK(bad.spans == Spans{{1, 3, "PER"}});
}

TEST_CASE("strict BILUO reports unclosed and unopened entities") {
  const Tags tags = {"O", "L-ORG", "B-PER", "O", "B-LOC", "I-LOC", "U-X", "I-Y", "L-Y", "B-Z"};
  const SpansResult s = strict(tags, TagScheme::BILUO);
  std::vector<std::string> messages;
  for (const auto& e : s.errors) messages.push_back(e.message);
  CHECK(messages == std::vector<std::string>{
                        "L-ORG at token 1 without B-ORG (follows O)",
                        "B-PER at token 2 is not closed by L-PER",
                        "I-LOC at token 5 is not closed by L-LOC",
                        "I-Y at token 7 without B-Y (follows U-X)",
                        "B-Z at token 9 is not closed by L-Z",
                    });
  const SpansResult l = lenient(tags, TagScheme::BILUO);
  CHECK(l.ok());
  CHECK(l.repairs.size() == 5);
  CHECK(l.spans ==
        Spans{{1, 2, "ORG"}, {2, 3, "PER"}, {4, 6, "LOC"}, {6, 7, "X"}, {7, 9, "Y"}, {9, 10, "Z"}});
}

TEST_CASE("malformed tags are errors in both modes and read as O") {
  const Tags tags = {"B-", "X-PER", "PER", "", "B-LOC", "b-LOC"};
  for (TagMode mode : {TagMode::Strict, TagMode::Lenient}) {
    const SpansResult r = tagsToSpans(tags, TagScheme::IOB2, mode);
    REQUIRE(r.errors.size() == 5);
    CHECK(r.errors[0].message == "\"B-\" at token 0 has no label");
    CHECK(r.errors[1].message ==
          "\"X-PER\" at token 1 is not a tag (expected O or B-, I-, L-, U-, E-, S- followed by a "
          "label)");
    CHECK(r.errors[2].token == 2);
    CHECK(r.errors[3].message == "empty tag at token 3");
    CHECK(r.errors[4].token == 5);
    CHECK(r.spans == Spans{{4, 5, "LOC"}});
  }
}

TEST_CASE("tags of another scheme are reported in strict mode") {
  const SpansResult s = strict({"U-PER", "B-LOC", "L-LOC"}, TagScheme::IOB2);
  REQUIRE(s.errors.size() == 2);
  CHECK(s.errors[0].message == "U-PER at token 0 is not an IOB2 tag");
  CHECK(s.errors[1].message == "L-LOC at token 2 is not an IOB2 tag");
  CHECK(s.spans == Spans{{0, 1, "PER"}, {1, 3, "LOC"}});
}

TEST_CASE("BIOES tags read as BILUO") {
  const SpansResult r = strict({"B-ORG", "I-ORG", "E-ORG", "S-PER"}, TagScheme::BILUO);
  CHECK(r.ok());
  CHECK(r.spans == Spans{{0, 3, "ORG"}, {3, 4, "PER"}});
  CHECK(detectScheme(Tags{"S-PER"}) == TagScheme::BILUO);
  CHECK(strict({"E-ORG"}, TagScheme::BILUO).errors.at(0).message ==
        "E-ORG at token 0 without B-ORG (starts the sequence)");
}

TEST_CASE("detectScheme tells BILUO, IOB1 and IOB2 apart") {
  CHECK(detectScheme(kBiluo) == TagScheme::BILUO);
  CHECK(detectScheme(kIob1) == TagScheme::IOB1);
  CHECK(detectScheme(kIob2) == TagScheme::IOB2);
  CHECK(detectScheme(Tags{"O", "B-PER", "O"}) == TagScheme::IOB2);
  CHECK(detectScheme(Tags{}) == TagScheme::IOB2);
  CHECK(detectScheme(Tags{"B-PER", "I-LOC"}) == TagScheme::IOB1);
  CHECK(detectScheme(std::vector<Tags>{{"B-PER", "I-PER"}, {"O", "I-LOC"}}) == TagScheme::IOB1);
  CHECK(detectScheme(std::vector<Tags>{{"I-PER"}, {"U-LOC"}}) == TagScheme::BILUO);
}

TEST_CASE("convertTags converts between schemes and stops on strict errors") {
  CHECK(convertTags(kIob1, TagScheme::IOB1, TagScheme::BILUO).tags == kBiluo);
  CHECK(convertTags(kBiluo, TagScheme::BILUO, TagScheme::IOB2).tags == kIob2);
  const TagsResult bad = convertTags({"O", "I-PER"}, TagScheme::IOB2, TagScheme::BILUO);
  CHECK_FALSE(bad.ok());
  CHECK(bad.tags.empty());
  const TagsResult fixed =
      convertTags({"O", "I-PER"}, TagScheme::IOB2, TagScheme::BILUO, TagMode::Lenient);
  CHECK(fixed.ok());
  CHECK(fixed.tags == Tags{"O", "U-PER"});
}

TEST_CASE("WNUT-17 train tags survive IOB2 -> BILUO -> IOB1 round trips") {
  const auto sentences = testing::readConll(testing::kTrainPath);
  REQUIRE(sentences.size() > 3000);
  std::vector<Tags> all;
  size_t entities = 0;
  for (const auto& sentence : sentences) {
    const SpansResult fromIob2 = strict(sentence.tags, TagScheme::IOB2);
    REQUIRE(fromIob2.ok());
    entities += fromIob2.spans.size();
    const size_t n = sentence.tags.size();
    REQUIRE(spansToTags(fromIob2.spans, n, TagScheme::IOB2).tags == sentence.tags);

    const TagsResult biluo = spansToTags(fromIob2.spans, n, TagScheme::BILUO);
    REQUIRE(biluo.ok());
    const SpansResult fromBiluo = strict(biluo.tags, TagScheme::BILUO);
    REQUIRE(fromBiluo.ok());
    REQUIRE(fromBiluo.spans == fromIob2.spans);

    const TagsResult iob1 = spansToTags(fromBiluo.spans, n, TagScheme::IOB1);
    REQUIRE(iob1.ok());
    const SpansResult fromIob1 = strict(iob1.tags, TagScheme::IOB1);
    REQUIRE(fromIob1.ok());
    REQUIRE(fromIob1.spans == fromIob2.spans);
    all.push_back(sentence.tags);
  }
  CHECK(entities > 1500);
  CHECK(detectScheme(all) == TagScheme::IOB2);
}
