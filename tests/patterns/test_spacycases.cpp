// spaCy's own Matcher and PhraseMatcher tests, transcribed as data
// (tests/data/spacy-matcher/, see its README), run against our matchers on the
// same pre-tokenised words. The cases that cannot apply are listed, with why,
// in skipped.jsonl; every other one must pass.
#include "catchapi.h"
#include "io/inputerror.h"
#include "io/jsonrecord.h"
#include "patterns/phrasematcher.h"
#include "patterns/tokenmatcher.h"
#include "patterns/tokenpatternparser.h"
#include "patterns/tokensequence.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <string>
#include <tuple>
#include <vector>

using namespace spanforge;
using patterns::Match;
using Json = nlohmann::json;

namespace {

const std::string kDir = std::string(SPANFORGE_TEST_DATA_DIR) + "/spacy-matcher/";

std::vector<std::pair<int, Json>> readJsonl(const std::string& name) {
  std::ifstream in(kDir + name);
  REQUIRE(in.good());
  std::vector<std::pair<int, Json>> out;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    if (!line.empty()) out.emplace_back(n, Json::parse(line));
  return out;
}

using Triple = std::tuple<std::string, int, int>;

std::string show(const std::vector<Triple>& v) {
  std::string s = "[";
  for (const auto& [k, a, b] : v)
    s += "(" + k + "," + std::to_string(a) + "," + std::to_string(b) + ")";
  return s + "]";
}

patterns::TokenMatcher::Greedy greedyOf(const Json& p) {
  const auto it = p.find("greedy");
  if (it == p.end() || it->is_null()) return patterns::TokenMatcher::Greedy::None;
  return it->get<std::string>() == "FIRST" ? patterns::TokenMatcher::Greedy::First
                                           : patterns::TokenMatcher::Greedy::Longest;
}

// Runs one case; returns the matches as (key, start, end).
std::vector<Triple> runCase(const Json& c, int line, bool finish) {
  std::map<std::string, int> ids;
  std::vector<std::string> names;
  auto id = [&](const std::string& key) {
    auto [it, added] = ids.emplace(key, static_cast<int>(names.size()));
    if (added) names.push_back(key);
    return it->second;
  };
  const std::vector<std::string> words = c.at("words").get<std::vector<std::string>>();
  std::vector<std::string_view> views(words.begin(), words.end());
  const patterns::TokenSequence tokens(views);
  std::vector<Match> found;
  if (c.at("matcher") == "PhraseMatcher") {
    const std::string attr = c.value("attr", "ORTH");
    patterns::PhraseMatcher m(attr == "LOWER" ? patterns::PhraseAttribute::Lower
                                              : patterns::PhraseAttribute::Orth);
    for (const Json& p : c.at("patterns"))
      m.add(id(p.at("key")), p.at("pattern").get<std::vector<std::string>>());
    found = m.match(tokens);
  } else {
    const io::JsonRecord record("cases.jsonl", line);
    patterns::TokenMatcher m;
    for (const Json& p : c.at("patterns"))
      m.add(id(p.at("key")), patterns::TokenPatternParser(record).parse(p.at("pattern"), "pattern"),
            greedyOf(p));
    if (finish) m.finish();  // the first-token indexes change no match
    found = m.match(tokens);
  }
  std::vector<Triple> out;
  for (const Match& f : found) out.emplace_back(names[f.key], f.start, f.end);
  return out;
}

}  // namespace

TEST_CASE("spaCy's matcher test cases give spaCy's matches", "[patterns][spacy]") {
  const auto cases = readJsonl("cases.jsonl");
  REQUIRE(cases.size() >= 50);
  int passed = 0;
  for (const auto& [line, c] : cases) {
    INFO("cases.jsonl:" << line << " " << c.value("source", "") << " " << c.value("test", "") << " "
                        << c.value("case", ""));
    std::vector<Triple> got, indexed;
    try {
      got = runCase(c, line, false);
      indexed = runCase(c, line, true);
    } catch (const std::exception& e) {
      FAIL_CHECK(e.what());
      continue;
    }
    CHECK(indexed == got);
    if (c.contains("count_only")) {
      CHECK(static_cast<int>(got.size()) == c.at("count_only").get<int>());
      passed += static_cast<int>(got.size()) == c.at("count_only").get<int>();
      continue;
    }
    std::vector<Triple> want;
    for (const Json& m : c.at("expected"))
      want.emplace_back(m.at(0).get<std::string>(), m.at(1).get<int>(), m.at(2).get<int>());
    if (c.value("order", "any") != "exact") {
      std::sort(got.begin(), got.end());
      std::sort(want.begin(), want.end());
    }
    INFO("got " << show(got) << " want " << show(want));
    CHECK(got == want);
    passed += got == want;
  }
  CHECK(passed == static_cast<int>(cases.size()));
}

TEST_CASE("spaCy's pattern validation cases are refused or accepted as spaCy does",
          "[patterns][spacy]") {
  const auto cases = readJsonl("invalid.jsonl");
  REQUIRE(!cases.empty());
  for (const auto& [line, c] : cases) {
    INFO("invalid.jsonl:" << line << " " << c.value("test", "") << " " << c.at("pattern").dump()
                          << " " << c.value("note", ""));
    const io::JsonRecord record("invalid.jsonl", line);
    const patterns::TokenPatternParser parser(record);
    if (c.at("valid").get<bool>())
      CHECK_NOTHROW(parser.parse(c.at("pattern"), "pattern"));
    else
      CHECK_THROWS_AS(parser.parse(c.at("pattern"), "pattern"), io::InputError);
  }
}

TEST_CASE("every spaCy matcher test left out says why", "[patterns][spacy]") {
  for (const auto& [line, c] : readJsonl("skipped.jsonl")) {
    INFO("skipped.jsonl:" << line);
    CHECK(!c.value("test", "").empty());
    CHECK(c.value("reason", "").size() >= 10);
  }
}
