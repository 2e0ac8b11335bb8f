#pragma once

#include "session/commands/suggestioncommand.h"

namespace spanforge::ui {

// Accepts every suggestion shown for a document at once (those that overlap
// no gold span), each as predicted: one undo step for all of them.
class AcceptAllSuggestionsCommand : public SuggestionCommand {
 public:
  AcceptAllSuggestionsCommand(AnnotationSession& session, int64_t document, int64_t model,
                              std::vector<text::ScoredSpan> suggestions, const QString& text);

 protected:
  void apply() override { move(gold_, suggestions_, true); }
  void revert() override { move(gold_, suggestions_, false); }

 private:
  std::vector<text::ScoredSpan> suggestions_;
  std::vector<text::Span> gold_;
};

}  // namespace spanforge::ui
