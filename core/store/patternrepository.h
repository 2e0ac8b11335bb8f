#pragma once

#include "text/span.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace spanforge::store {

class Database;

// A stored pattern set: a patterns file or a term list, by name.
struct PatternSetRecord {
  static constexpr const char* kPatterns = "patterns";
  static constexpr const char* kTerms = "terms";
  // The set Spanforge keeps of the strings people labelled (project::
  // LearnedStrings): a patterns set like any other, but a string of it that
  // people rejected more often than they accepted it (after the first, typed
  // label) is no longer suggested.
  static constexpr const char* kLearnedName = "Labelled strings";

  int64_t id = 0;
  std::string name;
  std::string kind = kPatterns;
  bool caseFold = false;
  std::string termLabel;  // terms: the list's one label
  bool enabled = true;
  int64_t createdAt = 0;  // unix seconds
  int64_t patterns = 0;   // how many it holds (read only)
};

// One pattern: its line of the file as written, and its label.
struct PatternRecord {
  int64_t id = 0;
  int64_t setId = 0;
  int64_t line = 0;
  std::string label;
  std::string source;
};

enum class MatchState { Open = 0, Accepted = 1, Rejected = 2 };

// A pattern's match in a document, as a suggestion (offsets in code points).
struct PatternMatchRecord {
  int64_t documentId = 0;
  int64_t patternId = 0;
  text::Span span;  // label: the pattern's
  MatchState state = MatchState::Open;
};

// What a pattern did: its matches, and how many of them people accepted or rejected.
struct PatternCounts {
  int64_t patternId = 0;
  int64_t matches = 0;
  int64_t accepted = 0;
  int64_t rejected = 0;
};

// Where a pattern comes from, for people: its set and line.
struct PatternSource {
  std::string setName;
  int64_t line = 0;
  std::string source;  // the line as written
};

// Pattern sets and their matches, kept apart from gold and from the model's
// predictions: a match becomes gold only when a person accepts it.
class PatternRepository {
 public:
  explicit PatternRepository(Database& db) : db_(db) {}

  // Stores a set and its patterns in one transaction; returns its id. Throws
  // StoreError (nothing stored) when the name is taken or empty.
  int64_t addSet(const PatternSetRecord& set, const std::vector<PatternRecord>& patterns);
  // Removes a set with its patterns and their matches.
  void removeSet(int64_t id);
  void setEnabled(int64_t id, bool enabled);
  std::vector<PatternSetRecord> sets();
  std::optional<PatternSetRecord> set(const std::string& name);
  std::vector<PatternRecord> patterns(int64_t setId);
  // Appends a pattern line to a set, unless the set has this very line with
  // this label; its id either way (`added`: whether it is new).
  int64_t addPattern(int64_t setId, const std::string& label, const std::string& source,
                     bool* added = nullptr);
  // Per pattern of the set, by line; patterns without matches count zero.
  std::vector<PatternCounts> counts(int64_t setId);

  // Replaces the open matches of a document with `matches` (their state is
  // ignored); accepted and rejected ones stay, and a match equal to one of them
  // is not opened again. Throws StoreError for an unknown document or pattern
  // or a span outside the text.
  void replaceOpen(int64_t documentId, const std::vector<PatternMatchRecord>& matches);
  // A document's matches of enabled sets (all states unless `state`), by start.
  std::vector<PatternMatchRecord> matches(int64_t documentId,
                                          std::optional<MatchState> state = std::nullopt);
  // A document's open matches of enabled sets as suggestions (ScoredSpan::
  // pattern set), by start. The score is the pattern's acceptance so far,
  // (accepted + 1) / (accepted + rejected + 2): 0.5 untried, nearer 1 the
  // more people accepted it, so "both" can weigh it against a model's. The
  // learned set's strings rejected more than accepted + 1 are left out.
  std::vector<text::ScoredSpan> suggestions(int64_t documentId);
  std::optional<PatternSource> source(int64_t patternId);
  // Before any model: the unlabelled document with the most open matches of
  // enabled sets (then the lowest id), other than `except`; 0 when none has any.
  // `matches` gets its count.
  int64_t mostMatched(int64_t except, int64_t* matches = nullptr);
  // Sets the state of one match; false when there is no such match.
  bool setState(const PatternMatchRecord& match, MatchState state);

 private:
  Database& db_;
};

}  // namespace spanforge::store
