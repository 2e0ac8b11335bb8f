// Pattern files (patterns::PatternReader), as `patterns import` and `patterns
// match --patterns` read them: a file either loads or is refused with
// io::InputError; a loaded set matches a text made of its own words without
// crashing, and every match lies inside the text.
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
  const std::vector<std::string_view> views(words.begin(), words.end());
  const patterns::TokenSequence tokens(views);
  const patterns::PatternSetMatcher matcher(sets);
  for (const auto& h : matcher.matchAll(tokens))
    if (h.start < 0 || h.end > static_cast<int>(words.size()) || h.start >= h.end)
      fuzz::broken("a match outside the text");
  matcher.entities(tokens);
  return 0;
}
