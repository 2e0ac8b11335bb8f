#pragma once

#include "session/commands/sessioncommand.h"
#include "text/span.h"

#include <cstdint>
#include <vector>

namespace spanforge::ui {

// Label All Occurrences: adds several gold spans to one document at once, and
// removes the suggestion model's predictions they replace (`replaced`, as
// AddSpan over a suggestion does), in one transaction; undo takes the spans
// out and puts the predictions back, in one transaction too.
class LabelOccurrencesCommand : public SessionCommand {
 public:
  // model: the suggestion model whose predictions `replaced` are (0: none).
  LabelOccurrencesCommand(AnnotationSession& session, int64_t document,
                          std::vector<text::Span> added, int64_t model,
                          std::vector<text::ScoredSpan> replaced, const QString& text);

 protected:
  void apply() override { write(true); }
  void revert() override { write(false); }

 private:
  void write(bool forward);

  int64_t document_;
  std::vector<text::Span> added_;
  int64_t model_;
  std::vector<text::ScoredSpan> replaced_;
};

}  // namespace spanforge::ui
