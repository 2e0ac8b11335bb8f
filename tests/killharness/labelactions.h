#pragma once

#include "labelset.h"

#include <cstdint>
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
struct Transition;

// Label manager edits (add, rename, recolour, hotkey, delete) through the
// session API the Label Manager dialog calls: driving the dialog itself adds
// nothing the store could see. The three base labels (PER, ORG, LOC) are only
// recoloured, so training keeps its data; labels the driver adds ("X<n>",
// hotkeys 4-9) are renamed, re-keyed and deleted with their spans.
class LabelActions {
 public:
  LabelActions(ActionRunner& runner, ui::AnnotationSession& session, store::ProjectStore& reader,
               std::mt19937_64& rng);

  bool edit();

 private:
  bool add(const LabelSet& before);
  bool rename(const LabelSet& before, const std::string& name);
  bool recolor(const LabelSet& before, const std::string& name);
  bool rekey(const LabelSet& before, const std::string& name);
  bool remove(const LabelSet& before, const std::string& name);
  // The documents with spans of `label`, their states before and after `change`.
  template <class Change>
  void touchDocs(Transition& t, const std::string& label, Change&& change);
  std::string freeHotkey(const LabelSet& labels);
  std::string freeName(const LabelSet& labels);
  std::string randomColor();
  int64_t uniform(int64_t lo, int64_t hi);

  ActionRunner& runner_;
  ui::AnnotationSession& session_;
  store::ProjectStore& reader_;
  std::mt19937_64& rng_;
};

}  // namespace spanforge::killharness
