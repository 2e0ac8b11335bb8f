#include "session/commands/deletelabelcommand.h"

#include "session/annotationsession.h"
#include "store/projectstore.h"

#include <utility>

namespace spanforge::ui {

DeleteLabelCommand::DeleteLabelCommand(AnnotationSession& session, std::string label,
                                       const QString& text)
    : SessionCommand(session, text), name_(std::move(label)) {}

void DeleteLabelCommand::apply() {
  removed_ = session().project().removeLabel(name_);  // one transaction
  session().labelsWritten();                          // also refreshes the list rows
}

void DeleteLabelCommand::revert() {
  session().project().restoreLabel(removed_);  // one transaction
  session().labelsWritten();                   // also refreshes the list rows
}

}  // namespace spanforge::ui
