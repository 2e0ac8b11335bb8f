#include "session/commands/renamelabelcommand.h"

#include "session/annotationsession.h"
#include "store/projectstore.h"
#include "store/storeerror.h"

namespace spanforge::ui {

RenameLabelCommand::RenameLabelCommand(AnnotationSession& session, std::string from, std::string to,
                                       const QString& text)
    : SessionCommand(session, text), from_(std::move(from)), to_(std::move(to)) {}

void RenameLabelCommand::rename(const std::string& from, const std::string& to) {
  const auto label = session().project().labels().find(from);
  if (!label) throw store::StoreError("There is no label named \"" + from + "\" any more.");
  session().project().labels().rename(label->id, to);
  session().labelsWritten();
}

void RenameLabelCommand::apply() { rename(from_, to_); }
void RenameLabelCommand::revert() { rename(to_, from_); }

}  // namespace spanforge::ui
