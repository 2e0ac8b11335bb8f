#include "patterns/tokenmatcher.h"

#include "patterns/nonoverlapping.h"
#include "patterns/tokensequence.h"

#include <re2/re2.h>
#include <re2/set.h>

#include <algorithm>
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

// The regular expression a first token must match, if its tests require one.
const AttributeTest* firstRegex(const std::vector<AttributeTest>& tests) {
  for (const AttributeTest& t : tests)
    if (t.op == Op::Regex) return &t;
  return nullptr;
}

// Two first tokens with the same signature pass the same tokens.
std::string signature(const std::vector<AttributeTest>& tests) {
  std::string s;
  for (const AttributeTest& t : tests) {
    s += std::to_string(static_cast<int>(t.attribute)) + ":" +
         std::to_string(static_cast<int>(t.op));
    for (const auto& v : t.strings) s += "|s" + std::to_string(v.size()) + ":" + v;
    for (double v : t.numbers) s += "|n" + std::to_string(v);
    for (const auto& re : t.regexes)
      s += "|r" + std::to_string(re->pattern().size()) + ":" + re->pattern();
    s += ";";
  }
  return s;
}

int attributeSlot(TokenAttribute a) {
  return a == TokenAttribute::Lower ? 1 : a == TokenAttribute::Shape ? 2 : 0;
}

}  // namespace

// One RE2::Set per string attribute (ORTH/TEXT, LOWER, SHAPE) over the first
// tokens' regexes; each regex maps back to its pattern.
struct TokenMatcher::RegexIndex {
  std::vector<std::unique_ptr<RE2::Set>> sets;
  std::vector<std::vector<int>> patterns;  // per set: pattern of each regex
};

TokenMatcher::TokenMatcher() = default;
TokenMatcher::~TokenMatcher() = default;
TokenMatcher::TokenMatcher(TokenMatcher&&) noexcept = default;
TokenMatcher& TokenMatcher::operator=(TokenMatcher&&) noexcept = default;

void TokenMatcher::finish() {
  auto index = std::make_unique<RegexIndex>();
  RE2::Options options;
  options.set_log_errors(false);
  for (int i = 0; i < 3; ++i) {
    index->sets.push_back(std::make_unique<RE2::Set>(options, RE2::UNANCHORED));
    index->patterns.emplace_back();
  }
  std::vector<int> rest;
  for (int p : anywhere_) {
    const Element& first = patterns_[p].elements.front();
    const AttributeTest* t =
        first.kind == Element::Kind::One ? firstRegex(patterns_[p].testsOf(0)) : nullptr;
    if (!t) {
      rest.push_back(p);
      continue;
    }
    const int slot = attributeSlot(t->attribute);
    for (const auto& re : t->regexes) {
      if (index->sets[slot]->Add(re->pattern(), nullptr) < 0)
        throw std::logic_error("RE2::Set refused a regex RE2 compiled: " + re->pattern());
      index->patterns[slot].push_back(p);
    }
  }
  // A set too large for RE2's memory limit is not an error: its patterns are
  // tried at every token instead, as if there were no index.
  for (size_t slot = 0; slot < index->sets.size(); ++slot) {
    if (index->patterns[slot].empty() || index->sets[slot]->Compile()) continue;
    auto& unindexed = index->patterns[slot];
    unindexed.erase(std::unique(unindexed.begin(), unindexed.end()), unindexed.end());
    rest.insert(rest.end(), unindexed.begin(), unindexed.end());
    unindexed.clear();
  }
  anywhere_ = std::move(rest);
  regexIndex_ = std::move(index);
  groups_.clear();
  std::unordered_map<std::string, size_t> bySignature;
  for (int p : anywhere_) {
    const Element& first = patterns_[p].elements.front();
    if (patterns_[p].reach[0] != 0 || first.kind != Element::Kind::One) {
      groups_.push_back({nullptr, {p}});
      continue;
    }
    const auto& tests = patterns_[p].testsOf(0);
    const auto [it, added] = bySignature.emplace(signature(tests), groups_.size());
    if (added) groups_.push_back({&tests, {}});
    groups_[it->second].patterns.push_back(p);
  }
}

void TokenMatcher::add(int key, const std::vector<TokenSpec>& pattern, Greedy greedy) {
  Compiled c{key, {}, {}, {}};
  using Kind = Element::Kind;
  for (const TokenSpec& spec : pattern) {
    const Quantifier& q = spec.quantifier;
    const int specIndex = static_cast<int>(c.specs.size());
    c.specs.push_back(spec.tests);
    auto push = [&](Kind k) { c.elements.push_back({k, specIndex}); };
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
  if (regexIndex_) throw std::logic_error("TokenMatcher::add after finish");
  patterns_.push_back(std::move(c));
  if (greedy != Greedy::None) greedy_[key] = greedy;
  index(static_cast<int>(patterns_.size()) - 1);
}

void TokenMatcher::index(int pattern) {
  const Compiled& c = patterns_[pattern];
  const Element& first = c.elements.front();
  const AttributeTest* t = first.kind == Element::Kind::One ? literal(c.testsOf(0)) : nullptr;
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

uint64_t TokenMatcher::run(const Compiled& p, const TokenSequence& tokens, size_t start,
                           Scratch& scratch, std::vector<std::pair<int, int>>& spans,
                           uint64_t limit) const {
  using Kind = Element::Kind;
  const int n = static_cast<int>(p.elements.size());
  // Most tries fail on their first token: test it before setting anything up.
  if (p.reach[0] == 0 && p.elements[0].kind == Kind::One && !allHold(p.testsOf(0), tokens, start))
    return 1;
  // Active NFA states, each a position in the pattern; n is "matched".
  auto& [on, next, active, upcoming, tested] = scratch;
  if (on.size() < size_t(n) + 1) {
    on.assign(n + 1, 0);
    next.assign(n + 1, 0);
  }
  tested.assign(p.specs.size(), -1);
  active.clear();
  upcoming.clear();
  auto close = [&](int s, std::vector<char>& set, std::vector<int>& list) {
    for (int t = s; t <= p.reach[s]; ++t)
      if (!set[t]) {
        set[t] = 1;
        list.push_back(t);
      }
  };
  uint64_t steps = 1;
  close(0, on, active);
  for (size_t i = start; i < tokens.size() && !active.empty() && steps <= limit; ++i) {
    steps += active.size();
    for (int s : active) {
      if (s == n) continue;
      const Element& e = p.elements[s];
      signed char& ok = tested[e.spec];
      if (ok < 0) ok = allHold(p.specs[e.spec], tokens, i) ? 1 : 0;
      if (e.kind == Kind::Not ? !ok : ok) close(e.kind == Kind::Star ? s : s + 1, next, upcoming);
    }
    std::fill(tested.begin(), tested.end(), -1);
    for (int s : active) on[s] = 0;
    active.swap(upcoming);
    upcoming.clear();
    on.swap(next);
    if (on[n]) spans.emplace_back(static_cast<int>(start), static_cast<int>(i + 1));
  }
  for (int s : active) on[s] = 0;  // leave the scratch clear for the next try
  return steps;
}

std::vector<Match> TokenMatcher::match(const TokenSequence& tokens,
                                       std::vector<Overrun>* overruns) const {
  // Every (key, start, end) once, however many patterns or paths reach it.
  std::vector<std::tuple<int, int, int>> found;
  std::vector<std::pair<int, int>> spans;
  Scratch scratch;
  // Steps per key (several patterns may share one) and in all; a key past its
  // budget is cut, and all are once the document's budget is spent.
  std::unordered_map<int, uint64_t> spent;
  std::unordered_set<int> cut;
  uint64_t total = 0;
  bool exhausted = false;
  auto tryPattern = [&](int pattern, size_t start) {
    const int key = patterns_[pattern].key;
    if (exhausted || cut.count(key)) return;
    uint64_t& mine = spent[key];
    const uint64_t limit = std::min(budget_.perPattern - std::min(mine, budget_.perPattern),
                                    budget_.perDocument - std::min(total, budget_.perDocument));
    spans.clear();
    const uint64_t steps = run(patterns_[pattern], tokens, start, scratch, spans, limit);
    mine += steps;
    total += steps;
    if (total > budget_.perDocument) {
      exhausted = true;
    } else if (mine > budget_.perPattern) {
      cut.insert(key);
      if (overruns) overruns->push_back({key, mine, false});
    } else {
      for (const auto& [s, e] : spans) found.emplace_back(key, s, e);
    }
  };
  const bool lowers = !byLower_.empty();
  std::vector<int> hits, tried;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (auto it = byOrth_.find(tokens.word(i)); it != byOrth_.end())
      for (int p : it->second) tryPattern(p, i);
    if (lowers)
      if (auto it = byLower_.find(tokens.lower(i)); it != byLower_.end())
        for (int p : it->second) tryPattern(p, i);
    if (!regexIndex_) {
      for (int p : anywhere_) tryPattern(p, i);
    } else {
      for (const Group& g : groups_) {
        if (g.first && !allHold(*g.first, tokens, i)) continue;
        for (int p : g.patterns) tryPattern(p, i);
      }
      for (int slot = 0; slot < 3; ++slot) {
        if (regexIndex_->patterns[slot].empty()) continue;
        const auto attribute = slot == 0   ? TokenAttribute::Orth
                               : slot == 1 ? TokenAttribute::Lower
                                           : TokenAttribute::Shape;
        const std::string_view v = tokens.text(i, attribute);
        hits.clear();
        regexIndex_->sets[slot]->Match(re2::StringPiece(v.data(), v.size()), &hits);
        // A pattern with several regexes (REGEX IN) may come up more than once.
        tried.clear();
        for (int h : hits) tried.push_back(regexIndex_->patterns[slot][h]);
        std::sort(tried.begin(), tried.end());
        tried.erase(std::unique(tried.begin(), tried.end()), tried.end());
        for (int p : tried) tryPattern(p, i);
      }
    }
  }
  if (exhausted) {
    // The document's budget is gone: no key's matches are complete. The key
    // that spent the most is named.
    if (overruns) {
      const auto most =
          std::max_element(spent.begin(), spent.end(),
                           [](const auto& a, const auto& b) { return a.second < b.second; });
      overruns->push_back({most->first, most->second, true});
    }
    return {};
  }
  found.erase(std::remove_if(found.begin(), found.end(),
                             [&](const auto& f) { return cut.count(std::get<0>(f)) > 0; }),
              found.end());
  // spaCy's order: matches as they end (by end, then start); then each greedy
  // key's kept matches, keys in the order their first match ended.
  std::vector<std::tuple<int, int, int>> byEnd;
  for (const auto& [key, s, e] : found) byEnd.emplace_back(e, s, key);
  std::sort(byEnd.begin(), byEnd.end());
  byEnd.erase(std::unique(byEnd.begin(), byEnd.end()), byEnd.end());
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
    for (const auto& [s, e] : takeNonOverlapping(pairs, [](const auto& p) { return p; }))
      all.push_back({key, s, e});
  }
  return all;
}

}  // namespace spanforge::patterns
