#pragma once

#include "text/span.h"
#include "text/tokenspan.h"
#include "train/eval/evaluationreport.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace spanforge::train {

// Accumulates gold and predicted entities sentence by sentence and reports
// entity-level exact-match scores (what seqeval's classification_report and
// CoNLL's conlleval compute), an error breakdown, a confusion matrix and token
// accuracy. See EvaluationReport for the definitions.
//
// Within one add() call entities are a set: duplicates count once, and spans
// that are empty or reversed (last <= first) are ignored.
class EntityScorer {
 public:
  // `labels` are always reported (with zeros when never seen), so a per-label
  // table keeps its rows from one evaluation to the next.
  explicit EntityScorer(std::vector<std::string> labels = {});

  // One sentence (or document): gold and predicted entities over the same tokens.
  void add(const std::vector<text::TokenSpan>& gold, const std::vector<text::TokenSpan>& predicted);
  // As above, also counting token accuracy over `tokenCount` tokens, comparing
  // the IOB2 tags of both span lists.
  void add(const std::vector<text::TokenSpan>& gold, const std::vector<text::TokenSpan>& predicted,
           size_t tokenCount);
  // Character-offset spans of one text (no token accuracy).
  void add(const std::vector<text::Span>& gold, const std::vector<text::Span>& predicted);
  // Tag sequences of one sentence (same length, else std::invalid_argument).
  // Entities are read with seqevalEntities(); token accuracy compares the tags.
  void addTags(const std::vector<std::string>& gold, const std::vector<std::string>& predicted);

  EvaluationReport report() const;
  void clear();

  // Entities in a tag sequence exactly as seqeval's default (non-strict)
  // get_entities() reads them, so scores match seqeval on ill-formed tags too:
  // a tag is PREFIX + "-" + TYPE with PREFIX its first character; an entity
  // starts at B- or S-, at I- or E- after O, E- or S-, and at any tag whose
  // type differs from the previous one; it ends before B-, S- or O, after E-
  // or S-, and where the type changes. So I-X after O begins an entity, and
  // B-X I-Y is two entities. IOB2 and IOBES tags both read as intended.
  static std::vector<text::TokenSpan> seqevalEntities(const std::vector<std::string>& tags);

 private:
  struct Entity {
    int64_t start = 0;
    int64_t end = 0;  // exclusive
    std::string label;
  };
  struct Counts {
    int64_t support = 0;
    int64_t predicted = 0;
    int64_t correct = 0;
  };

  void addEntities(std::vector<Entity> gold, std::vector<Entity> predicted);
  void addErrors(const std::vector<Entity>& gold, const std::vector<Entity>& predicted,
                 const std::vector<bool>& goldMatched, const std::vector<bool>& predMatched);

  std::vector<std::string> labels_;
  std::map<std::string, Counts> counts_;
  ErrorCounts errors_;
  std::map<std::string, ErrorCounts> errorsPerLabel_;
  std::map<std::pair<std::string, std::string>, int64_t> confusion_;  // "" = no entity
  int64_t sentences_ = 0;
  int64_t tokens_ = 0;
  int64_t correctTokens_ = 0;
};

}  // namespace spanforge::train
