#pragma once

#include "docstate.h"

#include <cstdint>
#include <optional>
#include <random>
#include <string>

namespace spanforge::store {
class ProjectStore;
}
namespace spanforge::ui {
class AnnotationSession;
}

namespace spanforge::killharness {

class ActionRunner;
class EditorDriver;
struct Transition;

// The labelling actions a person does in the span editor, each through real
// mouse and key events: select text and press a label key, relabel, delete,
// set the document's status, undo, redo, and accept or reject suggestions.
// Each returns false when it does not apply now (nothing was sent).
class SpanActions {
 public:
  SpanActions(EditorDriver& editor, ActionRunner& runner, ui::AnnotationSession& session,
              store::ProjectStore& reader, std::mt19937_64& rng, int64_t baseDocs);

  bool openRandom();
  bool addSpan();
  bool relabel();
  bool remove();
  bool setStatus();
  bool undo();
  bool redo();
  bool suggestion();
  bool acceptAll();

 private:
  bool ensureOpen();
  // A label with a hotkey, other than `not` (nullopt when there is none).
  std::optional<std::pair<std::string, char>> randomLabelKey(const std::string& notLabel = {});
  // What a label key does with the editor's selection now.
  std::optional<Transition> predictLabelKey(const std::string& label);
  DocState current();
  int64_t uniform(int64_t lo, int64_t hi);

  EditorDriver& editor_;
  ActionRunner& runner_;
  ui::AnnotationSession& session_;
  store::ProjectStore& reader_;
  std::mt19937_64& rng_;
  int64_t baseDocs_;
};

}  // namespace spanforge::killharness
