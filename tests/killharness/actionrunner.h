#pragma once

#include "transition.h"
#include "undomirror.h"

#include <cstdint>
#include <functional>
#include <string>

class QUndoStack;

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::killharness {

class EditorDriver;
class JournalWriter;

// Runs one user action under the journal's protocol:
//   1. an "intent" line naming the documents and labels the action
//      may touch, with their states before and the predicted states after;
//   2. the action itself (real events on the window);
//   3. the states read back over a connection of its own (what is committed),
//      checked against the prediction and against what the editor shows;
//   4. a "saved" line with those states (fsynced).
// A state that is neither the one before nor the predicted one, or an editor
// showing other spans than the store holds, is journaled as a "mismatch".
// The undo mirror follows the session's undo stack.
class ActionRunner {
 public:
  enum class Kind { Command, Undo, Redo };

  ActionRunner(store::ProjectStore& reader, QUndoStack& stack, EditorDriver& editor,
               JournalWriter& journal);

  void run(const std::string& action, Kind kind, const Transition& predicted,
           const std::function<void()>& act);

  const UndoMirror& mirror() const { return mirror_; }
  int64_t actions() const { return seq_; }
  int64_t mismatches() const { return mismatches_; }

 private:
  Transition readBack(const Transition& predicted);
  void compare(const std::string& action, const Transition& predicted, const Transition& actual);
  void follow(Kind kind, int indexBefore, const Transition& actual);
  void mismatch(const std::string& action, const std::string& what);

  store::ProjectStore& reader_;
  QUndoStack& stack_;
  EditorDriver& editor_;
  JournalWriter& journal_;
  UndoMirror mirror_;
  int64_t seq_ = 0;
  int64_t mismatches_ = 0;
};

}  // namespace spanforge::killharness
