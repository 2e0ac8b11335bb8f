#pragma once

#include "session/commands/suggestioncommand.h"

namespace spanforge::ui {

// Rejects a suggestion, with every other source's of the same span and label
// (a model's prediction leaves its predictions; a pattern match is marked
// rejected), so it does not come back when the document is opened again.
// Undo restores them.
class RejectSuggestionCommand : public SuggestionCommand {
 public:
  RejectSuggestionCommand(AnnotationSession& session, int64_t document, int64_t model,
                          std::vector<text::ScoredSpan> suggestions, const QString& text);

 protected:
  void apply() override { move({}, suggestions_, true); }
  void revert() override { move({}, suggestions_, false); }

 private:
  std::vector<text::ScoredSpan> suggestions_;
};

}  // namespace spanforge::ui
