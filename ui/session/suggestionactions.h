#pragma once

#include "active/suggestioncombiner.h"
#include "project/documentpatternmatcher.h"
#include "text/document.h"
#include "text/span.h"

#include <cstdint>
#include <vector>

namespace spanforge::ui {

class AnnotationSession;

// The suggestion half of an AnnotationSession: a document's suggestions are
// the suggestion model's predictions (the project's current model; 0: none)
// and the open matches of the enabled pattern sets, joined by the user's
// rule (active::SuggestionCombiner). Accepting one makes a gold span of it,
// or of an edit of it; rejecting removes a prediction so it does not come
// back, or marks a match rejected; each is one undoable command. Accepting
// all takes exactly what the editor shows (active::SuggestionFilter). Every
// string labelled becomes a pattern of the learned set, so its other
// occurrences are suggested from then on (project::LearnedStrings).
class SuggestionActions {
 public:
  explicit SuggestionActions(AnnotationSession& session);

  void setModel(int64_t modelId) { model_ = modelId; }
  int64_t model() const { return model_; }
  void setRule(active::CombineRule rule) { rule_ = rule; }
  active::CombineRule rule() const { return rule_; }

  // The document's suggestions by the rule (throws store errors).
  std::vector<text::ScoredSpan> of(int64_t document);
  // Those of them that overlap one of `spans`: what new gold spans replace.
  std::vector<text::ScoredSpan> under(int64_t document, const std::vector<text::Span>& spans);

  // Matches an unlabelled document with the enabled pattern sets again and
  // stores its open matches (project::DocumentPatternMatcher); throws store errors.
  void matchPatterns(int64_t document);
  // Patterns the last matchPatterns() stopped for matching too much.
  const std::vector<std::string>& patternOverruns() const { return matcher_.lastOverruns(); }
  // The sets changed (imported, switched, removed): read them again when next needed.
  void patternSetsChanged() { matcher_.invalidate(); }
  // Learns the strings of the spans in `after` that are not in `before`
  // (project::LearnedStrings); true when one is new. Throws store errors.
  bool learn(const text::Document& doc, const std::vector<text::Span>& before,
             const std::vector<text::Span>& after);

  bool accept(int64_t document, const text::ScoredSpan& suggestion, const text::Span& gold);
  bool reject(int64_t document, const text::ScoredSpan& suggestion);
  bool acceptAll(int64_t document);

 private:
  AnnotationSession& session_;
  project::DocumentPatternMatcher matcher_;
  int64_t model_ = 0;
  active::CombineRule rule_ = active::CombineRule::ModelFirst;
};

}  // namespace spanforge::ui
