#include "session/commands/labeloccurrencescommand.h"

#include <utility>

namespace spanforge::ui {

LabelOccurrencesCommand::LabelOccurrencesCommand(AnnotationSession& session, int64_t document,
                                                 std::vector<text::Span> added, int64_t model,
                                                 std::vector<text::ScoredSpan> replaced,
                                                 const QString& text)
    : SuggestionCommand(session, document, model, text),
      added_(std::move(added)),
      replaced_(std::move(replaced)) {}

}  // namespace spanforge::ui
