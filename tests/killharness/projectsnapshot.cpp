#include "projectsnapshot.h"

#include "store/projectstore.h"

namespace spanforge::killharness {

ProjectSnapshot ProjectSnapshot::capture(store::ProjectStore& project, int64_t baseDocs) {
  ProjectSnapshot s;
  for (int64_t id = 1; id <= baseDocs; ++id)
    if (const auto d = DocState::read(project, id)) s.docs[id] = *d;
  s.labels = LabelSet::read(project);
  s.documents = project.documents().count({});
  return s;
}

}  // namespace spanforge::killharness
