#pragma once

#include "session/commands/sessioncommand.h"
#include "text/document.h"

#include <cstdint>

namespace spanforge::ui {

// Sets a document's status (accepted, rejected, ignored, unlabelled); undo
// restores the previous one.
class SetStatusCommand : public SessionCommand {
 public:
  SetStatusCommand(AnnotationSession& session, int64_t document, text::DocStatus from,
                   text::DocStatus to, const QString& text);

 protected:
  void apply() override;
  void revert() override;

 private:
  int64_t document_;
  text::DocStatus from_;
  text::DocStatus to_;
};

}  // namespace spanforge::ui
