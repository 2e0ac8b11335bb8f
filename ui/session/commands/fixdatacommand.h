#pragma once

#include "project/datafixes.h"
#include "session/commands/sessioncommand.h"

namespace spanforge::ui {

// The data checks' fixes (project::DataFixes) over many documents at once:
// one transaction and one undo step for all of them.
class FixDataCommand : public SessionCommand {
 public:
  FixDataCommand(AnnotationSession& session, project::FixPlan plan, const QString& text);

 protected:
  void apply() override { write(true); }
  void revert() override { write(false); }

 private:
  void write(bool forward);

  project::FixPlan plan_;
};

}  // namespace spanforge::ui
