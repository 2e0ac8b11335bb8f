// Patterns from other people cannot hang matching (issue #65): counted OPs,
// pattern length, regex lists and phrases have limits checked when a file is
// read, and a pattern that matches too much is cut at its budget of steps in
// a document, named, while the other patterns' matches stay.
#include "catchapi.h"
#include "io/inputerror.h"
#include "patterns/patternreader.h"
#include "patterns/patternsetmatcher.h"
#include "patterns/tokenmatcher.h"
#include "patterntesting.h"
#include "tempdir.h"

#include <chrono>
#include <functional>
#include <string>
#include <vector>

using namespace spanforge;
using namespace spanforge::patterns;
using spanforge::patterns::testing::tokenPattern;
using spanforge::patterns::testing::Words;
using spanforge::testing::TempDir;

namespace {

using spanforge::testing::write;

std::string budgetFault(const std::string& line) {
  try {
    PatternReader::parseLine(line, "p.jsonl", 3);
  } catch (const io::InputError& e) {
    return e.what();
  }
  return "accepted";
}

// `n` words "w0 w1 ...", every tenth one "zzz".
std::string budgetText(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += (i ? " " : "") + (i % 10 == 9 ? std::string("zzz") : "w");
  return s;
}

double budgetSeconds(const std::function<void()>& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

TEST_CASE("Match budget: the 66-byte {0,9999} pattern is refused when read, naming the field") {
  const std::string line = R"({"label": "X", "pattern": [{"OP": "{0,9999}"}, {"LOWER": "zzz"}]})";
  CHECK(line.size() + 1 == 66);  // with its newline
  const std::string fault = budgetFault(line);
  CHECK_THAT(fault, ContainsSubstring("p.jsonl:3"));
  CHECK_THAT(fault, ContainsSubstring("pattern[0].OP"));
  CHECK_THAT(fault, ContainsSubstring("at most 100 times"));
  CHECK(budgetFault(R"({"label":"X","pattern":[{"OP":"{101}"}]})") != "accepted");
  CHECK(budgetFault(R"({"label":"X","pattern":[{"OP":"{0,100}"},{"LOWER":"zzz"}]})") == "accepted");
}

TEST_CASE("Match budget: a pattern unrolling to more than 256 states is refused") {
  std::string specs;
  for (int i = 0; i < 3; ++i) specs += std::string(i ? "," : "") + R"({"OP":"{100}"})";
  const std::string fault = budgetFault(R"({"label":"X","pattern":[)" + specs + "]}");
  CHECK_THAT(fault, ContainsSubstring("pattern[2]"));
  CHECK_THAT(fault, ContainsSubstring("more than 256 token states"));
}

TEST_CASE("Match budget: a REGEX IN list of 20,000 is refused by count, before compiling") {
  std::string list;
  for (int i = 0; i < 20000; ++i)
    list += std::string(i ? "," : "") + "\"a" + std::to_string(i) + "\"";
  const std::string fault =
      budgetFault(R"({"label":"X","pattern":[{"TEXT":{"REGEX":{"IN":[)" + list + "]}}}]}");
  CHECK_THAT(fault, ContainsSubstring("pattern[0].TEXT.REGEX.IN"));
  CHECK_THAT(fault, ContainsSubstring("a list of 20000 regular expressions; at most 1000"));
}

TEST_CASE("Match budget: phrases and terms of more than 100 words are refused with their line") {
  std::string words;
  for (int i = 0; i < 101; ++i) words += "a ";
  CHECK_THAT(budgetFault(R"({"label":"X","pattern":")" + words + "\"}"),
             ContainsSubstring("the phrase has 101 words; at most 100"));
  TempDir dir;
  // 3,000 nested prefixes: "a", "a a", ...; refused at the 101st line.
  std::string lines, term;
  for (int i = 0; i < 3000; ++i) lines += (term += (i ? " a" : "a")) + "\n";
  const auto path = write(dir, "nested.txt", lines);
  try {
    PatternReader::readTerms(path, "nested", "X", false);
    FAIL("accepted");
  } catch (const io::InputError& e) {
    CHECK_THAT(e.what(), ContainsSubstring("nested.txt:101"));
    CHECK_THAT(e.what(), ContainsSubstring("the term has 101 words"));
  }
}

TEST_CASE("Match budget: {0,100} before a word matches 1,000 words quickly") {
  TokenMatcher m;
  m.add(0, tokenPattern(R"([{"OP":"{0,100}"},{"LOWER":"zzz"}])"));
  m.finish();
  const Words w(budgetText(1000));
  std::vector<Match> found;
  std::vector<TokenMatcher::Overrun> overruns;
  const double s = budgetSeconds([&] { found = m.match(w.sequence(), &overruns); });
  CHECK(overruns.empty());
  // Every span ending on a "zzz" and starting at most 100 words before it.
  CHECK(found.size() > 9000);
  CHECK(s < 20.0);  // a hang guard only, not a speed target (bench_patterns measures)
}

TEST_CASE("Match budget: five stars over 20,000 words are cut at the budget, others kept") {
  TokenMatcher m;
  m.add(0, tokenPattern(R"([{"OP":"*"},{"OP":"*"},{"OP":"*"},{"OP":"*"},{"OP":"*"}])"));
  m.add(1, tokenPattern(R"([{"LOWER":"zzz"}])"));
  m.finish();
  const Words w(budgetText(20000));
  std::vector<Match> found;
  std::vector<TokenMatcher::Overrun> overruns;
  const double s = budgetSeconds([&] { found = m.match(w.sequence(), &overruns); });
  REQUIRE(overruns.size() == 1);
  CHECK(overruns[0].key == 0);
  CHECK_FALSE(overruns[0].document);
  CHECK(overruns[0].steps > TokenMatcher::Budget{}.perPattern);
  CHECK(found.size() == 2000);  // key 1's matches, every one
  for (const Match& x : found) CHECK(x.key == 1);
  CHECK(s < 20.0);
}

TEST_CASE("Match budget: a document's budget spent by many patterns drops every token match") {
  TokenMatcher m;
  for (int k = 0; k < 8; ++k) m.add(k, tokenPattern(R"([{"OP":"*"},{"LOWER":"never"}])"));
  m.setBudget({1'000'000, 2'000'000});
  m.finish();
  const Words w(budgetText(5000));
  std::vector<TokenMatcher::Overrun> overruns;
  CHECK(m.match(w.sequence(), &overruns).empty());
  REQUIRE_FALSE(overruns.empty());
  CHECK(overruns.back().document);
}

TEST_CASE("Match budget: the set matcher names the cut pattern's set and line") {
  TempDir dir;
  const auto path = write(dir, "people.jsonl",
                          "{\"label\":\"X\",\"pattern\":\"zzz\"}\n"
                          "{\"label\":\"Y\",\"pattern\":[{\"OP\":\"*\"},{\"OP\":\"*\"}]}\n");
  const std::vector<PatternSet> sets{PatternReader::readPatterns(path, "people.jsonl")};
  PatternSetMatcher m(sets);
  m.setBudget({10'000, 1'000'000});
  const Words w(budgetText(2000));
  std::vector<PatternOverrun> overruns;
  const auto hits = m.matchAll(w.sequence(), &overruns);
  CHECK(hits.size() == 200);  // the phrase's
  REQUIRE(overruns.size() == 1);
  CHECK(overruns[0].pattern == 1);
  const std::string said = m.describe(sets, overruns[0]);
  CHECK_THAT(said, StartsWith("pattern set \"people.jsonl\" line 2: the pattern matches too much"));
}

TEST_CASE("Match budget: more regexes than RE2::Set's memory holds still match, unindexed") {
  // Each pattern's first token has a large regex; together they pass the
  // set's memory limit, and the patterns are then tried at every token.
  TokenMatcher m;
  const int n = 300;
  for (int k = 0; k < n; ++k)
    m.add(k, tokenPattern(R"([{"TEXT":{"REGEX":"^(w|zzz)[a-z]{0,)" + std::to_string(900 + k % 100) +
                          R"(}$"}}])"));
  REQUIRE_NOTHROW(m.finish());
  const Words w("w zzz");
  CHECK(m.match(w.sequence()).size() == static_cast<size_t>(2 * n));
}
