#pragma once

#include "session/commands/suggestioncommand.h"

namespace spanforge::ui {

// Turns a suggestion into a gold span: as predicted, with another label, or
// with other boundaries (an edit). `replaced` are the predictions the gold
// span takes the place of (the suggestion, and any other it overlaps); they
// leave the model's predictions. Undo restores both.
class AcceptSuggestionCommand : public SuggestionCommand {
 public:
  AcceptSuggestionCommand(AnnotationSession& session, int64_t document, int64_t model,
                          std::vector<text::ScoredSpan> replaced, text::Span gold,
                          const QString& text);

 protected:
  void apply() override { move({gold_}, replaced_, true); }
  void revert() override { move({gold_}, replaced_, false); }

 private:
  std::vector<text::ScoredSpan> replaced_;
  text::Span gold_;
};

}  // namespace spanforge::ui
