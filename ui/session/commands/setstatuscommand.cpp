#include "session/commands/setstatuscommand.h"

#include "session/annotationsession.h"

namespace spanforge::ui {

SetStatusCommand::SetStatusCommand(AnnotationSession& session, int64_t document,
                                   text::DocStatus from, text::DocStatus to, const QString& text)
    : SessionCommand(session, text), document_(document), from_(from), to_(to) {}

void SetStatusCommand::apply() {
  session().writeStatus(document_, to_);
  session().reveal(document_);
}

void SetStatusCommand::revert() {
  session().writeStatus(document_, from_);
  session().reveal(document_);
}

}  // namespace spanforge::ui
