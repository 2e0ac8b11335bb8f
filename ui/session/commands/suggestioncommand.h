#pragma once

#include "session/commands/sessioncommand.h"
#include "text/span.h"

#include <cstdint>
#include <vector>

namespace spanforge::ui {

// Base of the commands that act on a model's suggestions (predictions) for
// one document: each moves spans between the model's predictions and the
// gold spans, both written in one transaction (AnnotationSession::
// writeSuggestions), and undo moves them back. A prediction becomes gold
// only through such a command.
class SuggestionCommand : public SessionCommand {
 public:
  SuggestionCommand(AnnotationSession& session, int64_t document, int64_t model,
                    const QString& text);

 protected:
  // Adds `addGold` to the gold spans and removes `removePredictions` from the
  // model's predictions (forward); backward undoes exactly that. Throws a
  // store error when the document no longer has what is to be removed.
  void move(const std::vector<text::Span>& addGold,
            const std::vector<text::ScoredSpan>& removePredictions, bool forward);

 private:
  int64_t document_;
  int64_t model_;
};

}  // namespace spanforge::ui
