#include "session/commands/fixdatacommand.h"

#include "session/annotationsession.h"

#include <utility>

namespace spanforge::ui {

FixDataCommand::FixDataCommand(AnnotationSession& session, project::FixPlan plan,
                               const QString& text)
    : SessionCommand(session, text), plan_(std::move(plan)) {}

void FixDataCommand::write(bool forward) {
  project::DataFixes::apply(session().project(), plan_, forward);  // one transaction
  std::vector<int64_t> ids;
  for (const project::DocumentFix& f : plan_.documents) ids.push_back(f.documentId);
  session().documentsWritten(ids);
}

}  // namespace spanforge::ui
