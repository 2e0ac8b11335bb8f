#include "session/commands/fixdatacommand.h"

#include "session/annotationsession.h"
#include "store/database.h"
#include "store/projectstore.h"

#include <utility>

namespace spanforge::ui {

FixDataCommand::FixDataCommand(AnnotationSession& session, project::FixPlan plan,
                               const QString& text)
    : SessionCommand(session, text), plan_(std::move(plan)) {}

void FixDataCommand::write(bool forward) {
  try {
    // Through the session, document by document, so that its counts, the
    // open document and the list rows follow; one transaction around them all.
    store::Transaction tx(session().project().db());
    for (const project::DocumentFix& f : plan_.documents) {
      if (f.spansAfter != f.spansBefore)
        session().writeSpans(f.documentId, forward ? f.spansAfter : f.spansBefore);
      if (f.statusAfter != f.statusBefore)
        session().writeStatus(f.documentId, forward ? f.statusAfter : f.statusBefore);
    }
    tx.commit();
  } catch (...) {
    // Rolled back: what the session counted from the writes is read again.
    session().reload();
    if (session().currentId() != 0) session().open(session().currentId());
    throw;
  }
}

}  // namespace spanforge::ui
