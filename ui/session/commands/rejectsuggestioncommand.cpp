#include "session/commands/rejectsuggestioncommand.h"

namespace spanforge::ui {

RejectSuggestionCommand::RejectSuggestionCommand(AnnotationSession& session, int64_t document,
                                                 int64_t model,
                                                 std::vector<text::ScoredSpan> suggestions,
                                                 const QString& text)
    : SuggestionCommand(session, document, model, text), suggestions_(std::move(suggestions)) {}

}  // namespace spanforge::ui
