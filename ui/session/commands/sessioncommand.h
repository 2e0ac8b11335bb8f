#pragma once

#include <QUndoCommand>

namespace spanforge::ui {

class AnnotationSession;

// Base of every undoable action: apply() and revert() write through the
// session to the store (one transaction each) and throw when the store
// refuses. A command that fails is reported and dropped from the stack
// (QUndoCommand::setObsolete), so the stack never claims a change that did
// not happen.
class SessionCommand : public QUndoCommand {
 public:
  SessionCommand(AnnotationSession& session, const QString& text);

  void redo() final;
  void undo() final;
  // Runs the change for the first time, before the command is pushed; false
  // when it failed (reported through the session). The push then skips its
  // redo, so a refused action never touches the stack (nor its redo part).
  bool applyFirst();

 protected:
  virtual void apply() = 0;
  virtual void revert() = 0;
  AnnotationSession& session() { return session_; }

 private:
  void run(bool forward);

  AnnotationSession& session_;
  bool applied_ = false;   // after the first redo, the next ones are "redone"
  bool skipRedo_ = false;  // the push's redo: already applied by applyFirst()
  bool failed_ = false;
};

}  // namespace spanforge::ui
