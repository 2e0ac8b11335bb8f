#pragma once

#include "session/commands/sessioncommand.h"
#include "text/span.h"

#include <cstdint>
#include <vector>

namespace spanforge::ui {

// Base of the commands that act on suggestions for one document, a model's
// predictions and pattern matches: each moves spans between the model's
// predictions and the gold spans and decides pattern matches (accepted or
// rejected), all written in one transaction (AnnotationSession::
// writeSuggestions); undo moves them back and opens the matches again. A
// suggestion becomes gold only through such a command.
class SuggestionCommand : public SessionCommand {
 public:
  SuggestionCommand(AnnotationSession& session, int64_t document, int64_t model,
                    const QString& text);

 protected:
  // Adds `addGold` to the gold spans and removes `removePredictions` from the
  // model's predictions, or for a pattern match sets it accepted (its span
  // is in addGold) or rejected (forward); backward undoes exactly that. Throws a
  // store error when the document no longer has what is to be removed.
  void move(const std::vector<text::Span>& addGold,
            const std::vector<text::ScoredSpan>& removePredictions, bool forward);

 private:
  int64_t document_;
  int64_t model_;
};

}  // namespace spanforge::ui
