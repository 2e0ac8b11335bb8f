#include "patterns/patternreader.h"

#include "io/inputerror.h"
#include "io/jsonrecord.h"
#include "io/linereader.h"
#include "patterns/tokenpatternparser.h"
#include "text/tokenizer.h"
#include "text/utf8.h"

#include <nlohmann/json.hpp>

#include <unordered_set>

namespace spanforge::patterns {
namespace {

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  for (text::Token& t : text::Tokenizer().tokenize(text)) out.push_back(std::move(t.text));
  return out;
}

std::string trimmed(std::string_view s) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return std::string(s);
}

// Calls f(line, number) for each non-blank line, refusing a line over the limit.
template <typename F>
void eachLine(const std::string& path, F&& f) {
  io::LineReader reader(path, PatternReader::kMaxLineBytes);
  const std::string file = io::LineReader::fileName(path);
  std::string line;
  for (;;) {
    const auto r = reader.next(line);
    if (r == io::LineReader::Result::End) break;
    if (r == io::LineReader::Result::TooLong)
      throw io::InputError(
          file, reader.lineNumber(), "",
          "the line is longer than " + std::to_string(PatternReader::kMaxLineBytes) + " bytes");
    if (io::LineReader::isBlank(line)) continue;
    f(line, reader.lineNumber(), file);
  }
}

}  // namespace

Pattern PatternReader::parseLine(std::string_view json, const std::string& file, int64_t line) {
  const io::JsonRecord record(file, line);
  const nlohmann::json v = record.parse(json);
  record.expectObject(v, "");
  Pattern p;
  p.line = line;
  p.source = trimmed(json);
  p.label = record.label(record.require(v, "label", "label"), "label");
  if (const auto* id = record.find(v, "id", "id")) {
    // spaCy takes any id; numbers are common in Prodigy exports.
    p.id = id->is_string() ? id->get<std::string>() : id->dump();
  }
  const auto& pattern = record.require(v, "pattern", "pattern");
  if (pattern.is_string()) {
    p.phraseText = pattern.get<std::string>();
    p.phrase = words(p.phraseText);
    if (p.phrase.empty()) record.fail("pattern", "the phrase has no words");
    if (p.phrase.size() > kMaxPhraseWords)
      record.fail("pattern", "the phrase has " + std::to_string(p.phrase.size()) +
                                 " words; at most " + std::to_string(kMaxPhraseWords));
  } else {
    p.tokens = TokenPatternParser(record).parse(pattern, "pattern");
  }
  return p;
}

Pattern PatternReader::term(std::string_view text, const std::string& label, int64_t line) {
  Pattern p;
  p.label = label;
  p.line = line;
  p.phraseText = trimmed(text);
  p.source = p.phraseText;
  p.phrase = words(p.phraseText);
  return p;
}

PatternSet PatternReader::readPatterns(const std::string& path, std::string name,
                                       PhraseAttribute attribute) {
  PatternSet set;
  set.name = std::move(name);
  set.phraseAttribute = attribute;
  size_t regexes = 0;
  eachLine(path, [&](const std::string& line, int64_t n, const std::string& file) {
    set.patterns.push_back(parseLine(line, file, n));
    for (const TokenSpec& spec : set.patterns.back().tokens)
      for (const AttributeTest& t : spec.tests) regexes += t.regexes.size();
    if (regexes > kMaxFileRegexes)
      throw io::InputError(
          file, n, "",
          "the file has more than " + std::to_string(kMaxFileRegexes) + " regular expressions");
  });
  return set;
}

PatternSet PatternReader::readTerms(const std::string& path, std::string name, std::string label,
                                    bool caseFold) {
  PatternSet set;
  set.name = std::move(name);
  set.kind = PatternSet::Kind::Terms;
  set.phraseAttribute = caseFold ? PhraseAttribute::Lower : PhraseAttribute::Orth;
  set.termLabel = std::move(label);
  std::unordered_set<std::string> seen;
  eachLine(path, [&](const std::string& line, int64_t n, const std::string& file) {
    if (const size_t bad = text::findInvalidUtf8(line); bad != std::string::npos)
      throw io::InputError(file, n, "", "invalid UTF-8 at byte column " + std::to_string(bad + 1));
    Pattern p = term(line, set.termLabel, n);
    if (p.phrase.empty()) return;
    if (p.phrase.size() > kMaxPhraseWords)
      throw io::InputError(file, n, "",
                           "the term has " + std::to_string(p.phrase.size()) + " words; at most " +
                               std::to_string(kMaxPhraseWords));
    if (seen.insert(p.phraseText).second) set.patterns.push_back(std::move(p));
  });
  return set;
}

}  // namespace spanforge::patterns
