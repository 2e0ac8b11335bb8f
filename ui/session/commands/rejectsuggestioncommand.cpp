#include "session/commands/rejectsuggestioncommand.h"

namespace spanforge::ui {

RejectSuggestionCommand::RejectSuggestionCommand(AnnotationSession& session, int64_t document,
                                                 int64_t model, text::ScoredSpan suggestion,
                                                 const QString& text)
    : SuggestionCommand(session, document, model, text), suggestion_(std::move(suggestion)) {}

}  // namespace spanforge::ui
