// Labels a person types by hand for the first documents of a corpus, with no
// suggestions, with the string-matching suggester (learning from each document
// as it is finished) and with a term list of every entity string of the
// training set (the upper bound). Not a test. Usage:
//   bench_coldstart [--docs 200]
// The simulated person labels documents in corpus order; each suggestion that
// equals a gold span (same tokens, same label) is accepted, every other one is
// rejected; gold spans no accepted suggestion gave are typed. Corpora: WNUT-17
// train (resources/demo) and wikigold; a document is a sentence.
#include "patterns/patternsetmatcher.h"
#include "patterns/stringsuggester.h"
#include "patterns/tokensequence.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace spanforge;

namespace {

struct GoldSpan {
  int start, end;
  std::string label;
  bool operator<(const GoldSpan& o) const {
    return std::tie(start, end, label) < std::tie(o.start, o.end, o.label);
  }
};

struct Sentence {
  std::vector<std::string> words;
  std::vector<GoldSpan> spans;
};

std::vector<Sentence> readConll(const std::string& path) {
  std::vector<Sentence> out(1);
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line == "\t") {
      if (!out.back().words.empty()) out.emplace_back();
      continue;
    }
    const size_t tab = line.find('\t');
    const std::string tag = tab == std::string::npos ? "O" : line.substr(tab + 1);
    Sentence& s = out.back();
    const int i = static_cast<int>(s.words.size());
    s.words.push_back(line.substr(0, tab));
    if (tag[0] == 'B' || (tag[0] == 'I' && (s.spans.empty() || s.spans.back().end != i ||
                                            s.spans.back().label != tag.substr(2))))
      s.spans.push_back({i, i + 1, tag.substr(2)});
    else if (tag[0] == 'I')
      s.spans.back().end = i + 1;
  }
  if (out.back().words.empty()) out.pop_back();
  return out;
}

std::vector<std::string> wordsOf(const Sentence& s, const GoldSpan& g) {
  return {s.words.begin() + g.start, s.words.begin() + g.end};
}

struct Tally {
  int gold = 0, typed = 0, accepted = 0, rejected = 0;
};

// Scores one document's suggestions against its gold spans.
void score(const Sentence& s, const std::set<GoldSpan>& suggested, Tally& t,
           std::vector<GoldSpan>* wrong = nullptr) {
  const std::set<GoldSpan> gold(s.spans.begin(), s.spans.end());
  t.gold += static_cast<int>(gold.size());
  for (const GoldSpan& g : suggested) {
    if (gold.count(g)) {
      ++t.accepted;
    } else {
      ++t.rejected;
      if (wrong) wrong->push_back(g);
    }
  }
  for (const GoldSpan& g : gold) t.typed += suggested.count(g) ? 0 : 1;
}

Tally none(const std::vector<Sentence>& docs) {
  Tally t;
  for (const Sentence& s : docs) score(s, {}, t);
  return t;
}

Tally strings(const std::vector<Sentence>& docs, bool caseFold) {
  patterns::StringSuggester suggester(caseFold);
  Tally t;
  for (const Sentence& s : docs) {
    const std::vector<std::string_view> views(s.words.begin(), s.words.end());
    std::set<GoldSpan> suggested;
    for (const auto& x : suggester.suggest(patterns::TokenSequence(views)))
      suggested.insert({x.start, x.end, x.label});
    std::vector<GoldSpan> wrong;
    score(s, suggested, t, &wrong);
    for (const GoldSpan& g : wrong) suggester.rejected(wordsOf(s, g), g.label);
    for (const GoldSpan& g : s.spans) suggester.accepted(wordsOf(s, g), g.label);
  }
  return t;
}

// One term list per label: every entity string of `train` under the label it
// has most often there.
Tally termList(const std::vector<Sentence>& docs, const std::vector<Sentence>& train) {
  std::map<std::vector<std::string>, std::map<std::string, int>> labels;
  for (const Sentence& s : train)
    for (const GoldSpan& g : s.spans) ++labels[wordsOf(s, g)][g.label];
  std::map<std::string, patterns::PatternSet> byLabel;
  for (const auto& [words, counts] : labels) {
    std::string best;
    int n = 0;
    for (const auto& [l, c] : counts)
      if (c > n) best = l, n = c;
    patterns::PatternSet& set = byLabel[best];
    set.name = best;
    set.kind = patterns::PatternSet::Kind::Terms;
    set.termLabel = best;
    patterns::Pattern p;
    p.label = best;
    p.phrase = words;
    set.patterns.push_back(std::move(p));
  }
  std::vector<patterns::PatternSet> sets;
  for (auto& [l, set] : byLabel) sets.push_back(std::move(set));
  const patterns::PatternSetMatcher matcher(sets);
  Tally t;
  for (const Sentence& s : docs) {
    const std::vector<std::string_view> views(s.words.begin(), s.words.end());
    std::set<GoldSpan> suggested;
    for (const auto& h : matcher.entities(patterns::TokenSequence(views)))
      suggested.insert({h.start, h.end, sets[h.set].patterns[h.pattern].label});
    score(s, suggested, t);
  }
  return t;
}

void row(const char* corpus, const char* mode, const Tally& t, int docs) {
  std::printf("| %s | %s | %d | %d | %d (%.1f %%) | %d | %d |\n", corpus, mode, docs, t.gold,
              t.typed, 100.0 * t.typed / t.gold, t.accepted, t.rejected);
}

}  // namespace

int main(int argc, char** argv) {
  size_t docs = 200;
  for (int i = 1; i + 1 < argc; i += 2)
    if (std::string(argv[i]) == "--docs") docs = std::strtoull(argv[i + 1], nullptr, 10);
  std::printf(
      "| corpus | suggestions | documents | gold spans | typed by hand | accepted | "
      "rejected |\n|---|---|---|---|---|---|---|\n");
  const std::pair<const char*, std::string> corpora[] = {
      {"WNUT-17 train", std::string(SPANFORGE_DEMO_DIR) + "/train.txt"},
      {"wikigold", SPANFORGE_WIKIGOLD}};
  for (const auto& [name, path] : corpora) {
    const auto all = readConll(path);
    const std::vector<Sentence> first(all.begin(), all.begin() + std::min(docs, all.size()));
    const int n = static_cast<int>(first.size());
    row(name, "none", none(first), n);
    row(name, "string matching", strings(first, false), n);
    row(name, "string matching, case-folded", strings(first, true), n);
    row(name, "term list of the training set's entity strings", termList(first, all), n);
  }
  return 0;
}
