#include "session/commands/acceptsuggestioncommand.h"

namespace spanforge::ui {

AcceptSuggestionCommand::AcceptSuggestionCommand(AnnotationSession& session, int64_t document,
                                                 int64_t model,
                                                 std::vector<text::ScoredSpan> replaced,
                                                 text::Span gold, const QString& text)
    : SuggestionCommand(session, document, model, text),
      replaced_(std::move(replaced)),
      gold_(std::move(gold)) {}

}  // namespace spanforge::ui
