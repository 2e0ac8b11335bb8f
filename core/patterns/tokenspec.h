#pragma once

#include "patterns/tokenattribute.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace re2 {
class RE2;
}

namespace spanforge::patterns {

// One test of a token's attribute, as a spaCy pattern writes it:
// {"LOWER": "apple"}, {"LENGTH": {">=": 3}}, {"TEXT": {"REGEX": "^[A-Z]"}},
// {"LOWER": {"IN": ["a", "b"]}}, {"IS_TITLE": true}.
struct AttributeTest {
  enum class Op {
    Equal,
    NotEqual,
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    In,
    NotIn,
    Regex,     // some of `regexes` matches ({"REGEX": "x"} or {"REGEX": {"IN": [...]}})
    NotRegex,  // none matches ({"REGEX": {"NOT_IN": [...]}})
  };

  TokenAttribute attribute = TokenAttribute::Orth;
  Op op = Op::Equal;
  std::vector<std::string> strings;  // String attributes: Equal (one), In, NotIn
  std::vector<double> numbers;       // Integer (and Flag as 0/1) attributes
  // RE2 (linear time: a pattern cannot hang the matcher), searched as
  // Python's re.search: anywhere in the value.
  std::vector<std::shared_ptr<const re2::RE2>> regexes;
};

// How often a token spec repeats (spaCy's "OP"): once, "!" (one token that fails
// the tests), "?", "*", "+", or {n}, {n,m}, {n,}, {,m}.
struct Quantifier {
  enum class Kind { One, Not, Optional, Star, Plus, Range };
  Kind kind = Kind::One;
  int min = 1;
  int max = 1;  // -1: no upper bound (Range only)
};

// One dict of a token pattern: every test must hold ({}: any token).
struct TokenSpec {
  std::vector<AttributeTest> tests;
  Quantifier quantifier;
};

}  // namespace spanforge::patterns
