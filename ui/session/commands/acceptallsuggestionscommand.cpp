#include "session/commands/acceptallsuggestionscommand.h"

namespace spanforge::ui {

AcceptAllSuggestionsCommand::AcceptAllSuggestionsCommand(AnnotationSession& session,
                                                         int64_t document, int64_t model,
                                                         std::vector<text::ScoredSpan> suggestions,
                                                         const QString& text)
    : SuggestionCommand(session, document, model, text), suggestions_(std::move(suggestions)) {
  for (const text::ScoredSpan& s : suggestions_) gold_.push_back(s.span);
}

}  // namespace spanforge::ui
