#pragma once

#include "session/commands/suggestioncommand.h"
#include "text/span.h"

#include <cstdint>
#include <vector>

namespace spanforge::ui {

// Label All Occurrences: adds several gold spans to one document at once, and
// takes the suggestions they replace (`replaced`, as AddSpan over a
// suggestion does) out of the model's predictions or decides the pattern
// matches among them, in one transaction; undo reverses all of it, in one
// transaction too.
class LabelOccurrencesCommand : public SuggestionCommand {
 public:
  // model: the suggestion model whose predictions `replaced` are (0: none).
  LabelOccurrencesCommand(AnnotationSession& session, int64_t document,
                          std::vector<text::Span> added, int64_t model,
                          std::vector<text::ScoredSpan> replaced, const QString& text);

 protected:
  void apply() override { move(added_, replaced_, true); }
  void revert() override { move(added_, replaced_, false); }

 private:
  std::vector<text::Span> added_;
  std::vector<text::ScoredSpan> replaced_;
};

}  // namespace spanforge::ui
