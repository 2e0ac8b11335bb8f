#include "patterns/tokenmatcher.h"

#include "patterns/tokensequence.h"

#include <re2/re2.h>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <unordered_set>

namespace spanforge::patterns {
namespace {

using Op = AttributeTest::Op;

bool compare(double value, Op op, const std::vector<double>& operands) {
  switch (op) {
    case Op::Equal:
      return value == operands[0];
    case Op::NotEqual:
      return value != operands[0];
    case Op::Less:
      return value < operands[0];
    case Op::LessEqual:
      return value <= operands[0];
    case Op::Greater:
      return value > operands[0];
    case Op::GreaterEqual:
      return value >= operands[0];
    case Op::In:
      return std::find(operands.begin(), operands.end(), value) != operands.end();
    case Op::NotIn:
      return std::find(operands.begin(), operands.end(), value) == operands.end();
    default:
      return false;
  }
}

bool holds(const AttributeTest& t, const TokenSequence& tokens, size_t i) {
  switch (kindOf(t.attribute)) {
    case AttributeKind::Flag:
      return compare(tokens.flag(i, t.attribute) ? 1.0 : 0.0, t.op, t.numbers);
    case AttributeKind::Integer:
      return compare(static_cast<double>(tokens.length(i)), t.op, t.numbers);
    case AttributeKind::String:
      break;
  }
  const std::string_view value = tokens.text(i, t.attribute);
  switch (t.op) {
    case Op::Regex:
    case Op::NotRegex: {
      const re2::StringPiece piece(value.data(), value.size());
      const bool any = std::any_of(t.regexes.begin(), t.regexes.end(),
                                   [&](const auto& re) { return RE2::PartialMatch(piece, *re); });
      return any == (t.op == Op::Regex);
    }
    case Op::In:
    case Op::NotIn: {
      const bool in = std::find(t.strings.begin(), t.strings.end(), value) != t.strings.end();
      return in == (t.op == Op::In);
    }
    default:
      return value == t.strings[0];
  }
}

bool allHold(const std::vector<AttributeTest>& tests, const TokenSequence& tokens, size_t i) {
  for (const AttributeTest& t : tests)
    if (!holds(t, tokens, i)) return false;
  return true;
}

// The words a token must equal (ORTH/TEXT or LOWER) for the tests to hold, if
// the tests pin them down.
const AttributeTest* literal(const std::vector<AttributeTest>& tests) {
  for (const AttributeTest& t : tests) {
    const bool text = t.attribute == TokenAttribute::Orth || t.attribute == TokenAttribute::Text ||
                      t.attribute == TokenAttribute::Lower;
    if (text && (t.op == Op::Equal || t.op == Op::In)) return &t;
  }
  return nullptr;
}

}  // namespace

void TokenMatcher::add(int key, const std::vector<TokenSpec>& pattern, Greedy greedy) {
  Compiled c{key, {}, {}};
  using Kind = Element::Kind;
  for (const TokenSpec& spec : pattern) {
    const Quantifier& q = spec.quantifier;
    auto push = [&](Kind k) { c.elements.push_back({k, spec.tests}); };
    switch (q.kind) {
      case Quantifier::Kind::One:
        push(Kind::One);
        break;
      case Quantifier::Kind::Not:
        push(Kind::Not);
        break;
      case Quantifier::Kind::Optional:
        push(Kind::Optional);
        break;
      case Quantifier::Kind::Star:
        push(Kind::Star);
        break;
      case Quantifier::Kind::Plus:
        push(Kind::One);
        push(Kind::Star);
        break;
      case Quantifier::Kind::Range:
        for (int i = 0; i < q.min; ++i) push(Kind::One);
        if (q.max < 0)
          push(Kind::Star);
        else
          for (int i = q.min; i < q.max; ++i) push(Kind::Optional);
        break;
    }
  }
  const int n = static_cast<int>(c.elements.size());
  c.reach.resize(n + 1);
  c.reach[n] = n;
  for (int s = n - 1; s >= 0; --s) {
    const Kind k = c.elements[s].kind;
    c.reach[s] = (k == Kind::Optional || k == Kind::Star) ? c.reach[s + 1] : s;
  }
  patterns_.push_back(std::move(c));
  if (greedy != Greedy::None) greedy_[key] = greedy;
  index(static_cast<int>(patterns_.size()) - 1);
}

void TokenMatcher::index(int pattern) {
  const Compiled& c = patterns_[pattern];
  const Element& first = c.elements.front();
  const AttributeTest* t = first.kind == Element::Kind::One ? literal(first.tests) : nullptr;
  if (!t) {
    anywhere_.push_back(pattern);
    return;
  }
  auto& map = t->attribute == TokenAttribute::Lower ? byLower_ : byOrth_;
  std::unordered_set<std::string_view> seen;
  for (const std::string& w : t->strings) {
    if (!seen.insert(w).second) continue;
    auto it = map.find(w);
    if (it == map.end()) it = map.emplace(words_.emplace_back(w), std::vector<int>{}).first;
    it->second.push_back(pattern);
  }
}

void TokenMatcher::run(const Compiled& p, const TokenSequence& tokens, size_t start,
                       std::vector<std::pair<int, int>>& spans) const {
  using Kind = Element::Kind;
  const int n = static_cast<int>(p.elements.size());
  // Active NFA states, each a position in the pattern; n is "matched".
  std::vector<char> on(n + 1, 0), next(n + 1, 0);
  std::vector<int> active, upcoming;
  auto close = [&](int s, std::vector<char>& set, std::vector<int>& list) {
    for (int t = s; t <= p.reach[s]; ++t)
      if (!set[t]) {
        set[t] = 1;
        list.push_back(t);
      }
  };
  close(0, on, active);
  for (size_t i = start; i < tokens.size() && !active.empty(); ++i) {
    for (int s : active) {
      if (s == n) continue;
      const Element& e = p.elements[s];
      const bool ok = allHold(e.tests, tokens, i);
      if (e.kind == Kind::Not ? !ok : ok) close(e.kind == Kind::Star ? s : s + 1, next, upcoming);
    }
    for (int s : active) on[s] = 0;
    active.swap(upcoming);
    upcoming.clear();
    on.swap(next);
    if (on[n]) spans.emplace_back(static_cast<int>(start), static_cast<int>(i + 1));
  }
}

std::vector<Match> TokenMatcher::match(const TokenSequence& tokens) const {
  // Every (key, start, end) once, however many patterns or paths reach it.
  std::set<std::tuple<int, int, int>> found;
  std::vector<std::pair<int, int>> spans;
  auto tryPattern = [&](int pattern, size_t start) {
    spans.clear();
    run(patterns_[pattern], tokens, start, spans);
    for (const auto& [s, e] : spans) found.emplace(patterns_[pattern].key, s, e);
  };
  const bool lowers = !byLower_.empty();
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (auto it = byOrth_.find(tokens.word(i)); it != byOrth_.end())
      for (int p : it->second) tryPattern(p, i);
    if (lowers)
      if (auto it = byLower_.find(tokens.lower(i)); it != byLower_.end())
        for (int p : it->second) tryPattern(p, i);
    for (int p : anywhere_) tryPattern(p, i);
  }
  // spaCy's order: matches as they end (by end, then start); then each greedy
  // key's kept matches, keys in the order their first match ended.
  std::vector<std::tuple<int, int, int>> byEnd;
  for (const auto& [key, s, e] : found) byEnd.emplace_back(e, s, key);
  std::sort(byEnd.begin(), byEnd.end());
  std::vector<Match> all;
  std::vector<int> greedyKeys;
  std::unordered_map<int, std::vector<std::pair<int, int>>> greedyPairs;
  for (const auto& [e, s, key] : byEnd) {
    if (!greedy_.count(key)) {
      all.push_back({key, s, e});
      continue;
    }
    auto& pairs = greedyPairs[key];
    if (pairs.empty()) greedyKeys.push_back(key);
    pairs.emplace_back(s, e);
  }
  // FIRST takes matches by start (longer first), LONGEST by length (then the
  // earliest); a match overlapping one already taken is dropped.
  for (int key : greedyKeys) {
    auto& pairs = greedyPairs[key];
    if (greedy_.at(key) == Greedy::First)
      std::sort(pairs.begin(), pairs.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first < b.first : a.second > b.second;
      });
    else
      std::sort(pairs.begin(), pairs.end(), [](const auto& a, const auto& b) {
        const int la = a.second - a.first, lb = b.second - b.first;
        return la != lb ? la > lb : a.first < b.first;
      });
    std::vector<char> taken(tokens.size(), 0);
    for (const auto& [s, e] : pairs) {
      if (std::any_of(taken.begin() + s, taken.begin() + e, [](char c) { return c; })) continue;
      std::fill(taken.begin() + s, taken.begin() + e, 1);
      all.push_back({key, s, e});
    }
  }
  return all;
}

}  // namespace spanforge::patterns
