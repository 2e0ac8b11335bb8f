#pragma once

#include "transition.h"

#include <vector>

namespace spanforge::killharness {

// The label driver's copy of the session's undo stack: what each command
// really did (documents and labels before and after), so the intent of an
// undo or redo can name the states it must lead to.
class UndoMirror {
 public:
  // A new command: drops what could have been redone, as QUndoStack does.
  void pushed(Transition t);
  // nullptr when there is nothing to undo / redo.
  const Transition* undoTarget() const;
  const Transition* redoTarget() const;
  void undone() { --index_; }
  void redone() { ++index_; }
  void clear();

  int index() const { return index_; }
  int count() const { return static_cast<int>(entries_.size()); }

 private:
  static constexpr size_t kLimit = 1000;
  std::vector<Transition> entries_;
  int index_ = 0;
};

}  // namespace spanforge::killharness
