// Matching speed of pattern sets over a large pool. Not a test. Usage:
//   bench_patterns [--docs 1000000] [--phrases 10000] [--token-patterns 1000] [--seed 0]
// Documents are the sentences of WNUT-17 (train) and wikigold, cycled to --docs;
// phrase patterns are their entity strings (in random order) and then names of
// 2-3 random capitalised words of theirs, token patterns are generated from their words in the
// shapes people write (a literal first word then flags, IN lists with an optional word and a SHAPE,
// ORTH then IS_DIGIT, and a tenth with no literal first word: REGEX or flags, which are tried at
// every token). Prints one row per configuration: seconds, documents/s, tokens/s and the time
// relative to reading the text (a TokenSequence and the lower case of every token, what LOWER
// matching needs).
#include "io/jsonrecord.h"
#include "patterns/patternsetmatcher.h"
#include "patterns/tokenpatternparser.h"
#include "patterns/tokensequence.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace spanforge;
using Clock = std::chrono::steady_clock;

namespace {

struct Sentence {
  std::vector<std::string> words;
  std::vector<std::string> entities;  // their strings, space-joined words
};

std::vector<Sentence> readConll(const std::string& path) {
  std::vector<Sentence> out(1);
  std::ifstream in(path);
  std::string line, entity;
  auto flush = [&] {
    if (!entity.empty()) out.back().entities.push_back(entity);
    entity.clear();
  };
  while (std::getline(in, line)) {
    if (line.empty() || line == "\t") {
      flush();
      if (!out.back().words.empty()) out.emplace_back();
      continue;
    }
    const size_t tab = line.find('\t');
    const std::string word = line.substr(0, tab);
    const std::string tag = tab == std::string::npos ? "O" : line.substr(tab + 1);
    if (tag[0] != 'I') flush();
    if (tag[0] != 'O') entity += (entity.empty() ? "" : " ") + word;
    out.back().words.push_back(word);
  }
  flush();
  if (out.back().words.empty()) out.pop_back();
  return out;
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  size_t b = 0;
  for (size_t e; (e = s.find(' ', b)) != std::string::npos; b = e + 1)
    out.push_back(s.substr(b, e - b));
  out.push_back(s.substr(b));
  return out;
}

patterns::Pattern tokenPattern(const std::string& json, int line) {
  const io::JsonRecord record("generated", line);
  patterns::Pattern p;
  p.label = "X";
  p.line = line;
  p.tokens = patterns::TokenPatternParser(record).parse(nlohmann::json::parse(json), "pattern");
  return p;
}

std::string q(const std::string& s) { return nlohmann::json(s).dump(); }

struct Row {
  double seconds = 0;
  size_t hits = 0;
};

template <typename F>
Row timeIt(const std::vector<Sentence>& sentences, size_t docs, F&& f) {
  std::vector<std::vector<std::string_view>> views;
  for (const auto& s : sentences) views.emplace_back(s.words.begin(), s.words.end());
  Row r;
  const auto t0 = Clock::now();
  for (size_t d = 0; d < docs; ++d) {
    const patterns::TokenSequence seq(views[d % views.size()]);
    r.hits += f(seq);
  }
  r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  size_t docs = 1000000, phrases = 10000, tokenPatterns = 1000;
  unsigned seed = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    const size_t v = std::strtoull(argv[i + 1], nullptr, 10);
    if (a == "--docs")
      docs = v;
    else if (a == "--phrases")
      phrases = v;
    else if (a == "--token-patterns")
      tokenPatterns = v;
    else if (a == "--seed")
      seed = static_cast<unsigned>(v);
    else {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return 2;
    }
  }
  auto sentences = readConll(std::string(SPANFORGE_DEMO_DIR) + "/train.txt");
  for (auto& s : readConll(SPANFORGE_WIKIGOLD)) sentences.push_back(std::move(s));
  size_t tokens = 0;
  for (size_t d = 0; d < docs; ++d) tokens += sentences[d % sentences.size()].words.size();

  std::mt19937 rng(seed);
  std::vector<std::string> vocabulary;
  std::set<std::string> entityStrings;
  for (const auto& s : sentences) {
    for (const auto& w : s.words) vocabulary.push_back(w);
    for (const auto& e : s.entities) entityStrings.insert(e);
  }
  // Pattern words are drawn from the distinct words (as a person writes
  // patterns about particular words), not by frequency: a thousand patterns
  // starting with "the" or "," would be no one's patterns file.
  const std::vector<std::string> types = [&] {
    std::set<std::string> distinct(vocabulary.begin(), vocabulary.end());
    return std::vector<std::string>(distinct.begin(), distinct.end());
  }();
  auto word = [&] { return types[rng() % types.size()]; };
  auto lower = [&] {
    std::string w = word();
    for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return w;
  };
  // Phrases as a term list has them: every entity string of the corpora, then
  // names made of 2-3 capitalised words of them (most of which never occur).
  std::vector<std::string> capitalised;
  for (const auto& w : vocabulary)
    if (std::isupper(static_cast<unsigned char>(w[0]))) capitalised.push_back(w);
  std::vector<std::vector<std::string>> phraseWords;
  for (const auto& e : entityStrings) phraseWords.push_back(split(e));
  std::shuffle(phraseWords.begin(), phraseWords.end(), rng);
  while (phraseWords.size() < std::max<size_t>(phrases, 100000)) {
    std::vector<std::string> name;
    for (size_t n = 2 + rng() % 2; n > 0; --n)
      name.push_back(capitalised[rng() % capitalised.size()]);
    phraseWords.push_back(std::move(name));
  }
  auto phraseSet = [&](size_t n, patterns::PhraseAttribute attribute) {
    patterns::PatternSet set;
    set.name = "phrases";
    set.phraseAttribute = attribute;
    for (size_t i = 0; i < n; ++i) {
      patterns::Pattern p;
      p.label = "X";
      p.phrase = phraseWords[i];
      set.patterns.push_back(std::move(p));
    }
    return set;
  };
  patterns::PatternSet tokenSet;
  tokenSet.name = "tokens";
  for (size_t i = 0; i < tokenPatterns; ++i) {
    const int kind = static_cast<int>(i % 10);
    std::string json;
    if (kind < 6)
      json = "[{\"LOWER\": " + q(lower()) + "}, {\"IS_TITLE\": true, \"OP\": \"+\"}]";
    else if (kind < 8)
      json = "[{\"LOWER\": {\"IN\": [" + q(lower()) + ", " + q(lower()) + ", " + q(lower()) +
             "]}}, {\"LOWER\": " + q(lower()) + ", \"OP\": \"?\"}, {\"SHAPE\": \"Xxxxx\"}]";
    else if (kind < 9)
      json = "[{\"ORTH\": " + q(word()) + "}, {\"IS_DIGIT\": true}]";
    else if (i % 20 == 9)
      json = "[{\"TEXT\": {\"REGEX\": \"^" + std::string(1, "ABCDEFGHIJKLMNOPRSTW"[rng() % 20]) +
             "[a-z]+ton$\"}}, {\"LOWER\": " + q(lower()) + "}]";
    else
      json = "[{\"IS_UPPER\": true, \"LENGTH\": {\">=\": 3}}, {\"LOWER\": " + q(lower()) + "}]";
    tokenSet.patterns.push_back(tokenPattern(json, static_cast<int>(i) + 1));
  }

  std::printf("%zu documents (%zu sentences cycled), %zu tokens\n\n", docs, sentences.size(),
              tokens);
  std::printf(
      "| configuration | seconds | documents/s | tokens/s | x reading | matches per document |\n");
  std::printf("|---|---|---|---|---|---|\n");
  double readSeconds = 0;
  auto print = [&](const std::string& name, const Row& r) {
    if (readSeconds == 0) readSeconds = r.seconds;
    std::printf("| %s | %.2f | %.0f | %.0f | %.2f | %.2f |\n", name.c_str(), r.seconds,
                docs / r.seconds, tokens / r.seconds, r.seconds / readSeconds,
                static_cast<double>(r.hits) / docs);
    std::fflush(stdout);
  };
  print("reading: TokenSequence + lower case of every token",
        timeIt(sentences, docs, [](const patterns::TokenSequence& s) {
          size_t n = 0;
          for (size_t i = 0; i < s.size(); ++i) n += s.lower(i).size();
          return n > 0 ? 0 : 1;
        }));
  for (size_t n : {size_t(10), size_t(1000), phrases, std::max<size_t>(phrases, 100000)}) {
    for (auto attribute : {patterns::PhraseAttribute::Orth, patterns::PhraseAttribute::Lower}) {
      const patterns::PatternSetMatcher m({phraseSet(n, attribute)});
      print(std::to_string(n) + " phrase patterns, " +
                (attribute == patterns::PhraseAttribute::Orth ? "ORTH" : "LOWER"),
            timeIt(sentences, docs,
                   [&](const patterns::TokenSequence& s) { return m.matchAll(s).size(); }));
    }
  }
  {
    const patterns::PatternSetMatcher m({tokenSet});
    print(std::to_string(tokenPatterns) + " token patterns",
          timeIt(sentences, docs,
                 [&](const patterns::TokenSequence& s) { return m.matchAll(s).size(); }));
  }
  {
    const patterns::PatternSetMatcher m(
        {phraseSet(phrases, patterns::PhraseAttribute::Lower), tokenSet});
    print(std::to_string(phrases) + " phrase (LOWER) + " + std::to_string(tokenPatterns) +
              " token patterns, resolved as EntityRuler",
          timeIt(sentences, docs,
                 [&](const patterns::TokenSequence& s) { return m.entities(s).size(); }));
  }
  return 0;
}
