#pragma once

#include "docstate.h"
#include "labelset.h"

#include <cstdint>
#include <map>

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::killharness {

// What the harness knows of a project before it starts a workload: the states
// of the documents the label driver works on, the labels, the document count.
struct ProjectSnapshot {
  std::map<int64_t, DocState> docs;
  LabelSet labels;
  int64_t documents = 0;

  static ProjectSnapshot capture(store::ProjectStore& project, int64_t baseDocs);
};

}  // namespace spanforge::killharness
