#include "undomirror.h"

namespace spanforge::killharness {

void UndoMirror::pushed(Transition t) {
  entries_.resize(static_cast<size_t>(index_));
  entries_.push_back(std::move(t));
  // The session's stack keeps the last 1000 commands (QUndoStack::undoLimit).
  if (entries_.size() > kLimit) entries_.erase(entries_.begin());
  index_ = count();
}

const Transition* UndoMirror::undoTarget() const {
  return index_ > 0 ? &entries_[static_cast<size_t>(index_ - 1)] : nullptr;
}

const Transition* UndoMirror::redoTarget() const {
  return index_ < count() ? &entries_[static_cast<size_t>(index_)] : nullptr;
}

void UndoMirror::clear() {
  entries_.clear();
  index_ = 0;
}

}  // namespace spanforge::killharness
