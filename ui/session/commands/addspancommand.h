#pragma once

#include "session/commands/sessioncommand.h"
#include "text/span.h"

#include <cstdint>

namespace spanforge::ui {

// Adds one gold span to a document; undo removes it again.
class AddSpanCommand : public SessionCommand {
 public:
  AddSpanCommand(AnnotationSession& session, int64_t document, text::Span span,
                 const QString& text);

 protected:
  void apply() override;
  void revert() override;

 private:
  int64_t document_;
  text::Span span_;
};

}  // namespace spanforge::ui
