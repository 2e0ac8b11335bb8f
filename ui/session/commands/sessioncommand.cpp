#include "session/commands/sessioncommand.h"

#include "session/annotationsession.h"

#include <exception>

namespace spanforge::ui {

SessionCommand::SessionCommand(AnnotationSession& session, const QString& text)
    : QUndoCommand(text), session_(session) {}

bool SessionCommand::applyFirst() {
  run(true);
  skipRedo_ = !failed_;
  return !failed_;
}

void SessionCommand::redo() {
  if (skipRedo_) {
    skipRedo_ = false;
    return;
  }
  run(true);
}

void SessionCommand::undo() { run(false); }

void SessionCommand::run(bool forward) {
  failed_ = false;
  try {
    if (forward)
      apply();
    else
      revert();
    if (!forward)
      session_.notify(QObject::tr("Undone: %1").arg(text()));
    else if (applied_)
      session_.notify(QObject::tr("Redone: %1").arg(text()));
    applied_ = true;
  } catch (const std::exception& e) {
    session_.commandFailed(forward ? text() : QObject::tr("Undo %1").arg(text()), e);
    failed_ = true;
    setObsolete(true);  // the stack drops it
  }
}

}  // namespace spanforge::ui
