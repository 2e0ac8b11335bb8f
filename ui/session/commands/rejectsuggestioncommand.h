#pragma once

#include "session/commands/suggestioncommand.h"

namespace spanforge::ui {

// Rejects a suggestion: it leaves the model's predictions, so it does not
// come back when the document is opened again. Undo restores it.
class RejectSuggestionCommand : public SuggestionCommand {
 public:
  RejectSuggestionCommand(AnnotationSession& session, int64_t document, int64_t model,
                          text::ScoredSpan suggestion, const QString& text);

 protected:
  void apply() override { move({}, {suggestion_}, true); }
  void revert() override { move({}, {suggestion_}, false); }

 private:
  text::ScoredSpan suggestion_;
};

}  // namespace spanforge::ui
