// Pattern files (patterns::PatternReader), as `patterns import` and `patterns
// match --patterns` read them: a file either loads or is refused with
// io::InputError; a loaded set matches a long text made of its own words
// (20,000 of them, so that matching that grows faster than the text shows as
// a libFuzzer timeout, not in a person's project) without crashing, every
// match lies inside the text, and a pattern cut by its budget is named.
#include "fuzzinput.h"
#include "io/inputerror.h"
#include "patterns/patternreader.h"
#include "patterns/patternsetmatcher.h"
#include "patterns/tokensequence.h"

#include <string>
#include <string_view>
#include <vector>

using namespace spanforge;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = fuzz::writeInput(data, size, "patterns.jsonl");
  std::vector<patterns::PatternSet> sets;
  try {
    sets.push_back(patterns::PatternReader::readPatterns(path, "patterns.jsonl"));
    sets.push_back(patterns::PatternReader::readTerms(path, "terms.txt", "T", true));
  } catch (const io::InputError& e) {
    fuzz::expectedError(e);
    if (sets.empty()) return 0;
  }
  std::vector<std::string> words;
  for (const auto& set : sets)
    for (const auto& p : set.patterns) {
      for (const auto& w : p.phrase) words.push_back(w);
      for (const auto& spec : p.tokens)
        for (const auto& t : spec.tests)
          for (const auto& s : t.strings) words.push_back(s);
    }
  if (words.size() > 2000) words.resize(2000);
  if (words.empty()) words.push_back("a");
  // The file's words over and over, with words no pattern names between.
  constexpr size_t kLength = 20000;
  std::vector<std::string_view> views;
  views.reserve(kLength);
  for (size_t i = 0; views.size() < kLength; ++i)
    views.push_back(i % 7 == 6 ? std::string_view("zzz")
                               : std::string_view(words[i % words.size()]));
  const patterns::TokenSequence tokens(views);
  patterns::PatternSetMatcher matcher(sets);
  // A budget the sanitizer build spends in well under a second: a timeout is
  // then work the budget does not bound.
  matcher.setBudget({2'000'000, 8'000'000});
  std::vector<patterns::PatternOverrun> overruns;
  for (const auto& h : matcher.matchAll(tokens, &overruns))
    if (h.start < 0 || h.end > static_cast<int>(kLength) || h.start >= h.end)
      fuzz::broken("a match outside the text");
  for (const auto& o : overruns)
    if (matcher.describe(sets, o).find(" line ") == std::string::npos)
      fuzz::broken("a cut pattern not named by its line");
  matcher.entities(tokens);
  return 0;
}
