#pragma once

#include "session/commands/sessioncommand.h"
#include "text/span.h"

#include <cstdint>

namespace spanforge::ui {

// Removes one gold span from a document; undo puts it back.
class RemoveSpanCommand : public SessionCommand {
 public:
  RemoveSpanCommand(AnnotationSession& session, int64_t document, text::Span span,
                    const QString& text);

 protected:
  void apply() override;
  void revert() override;

 private:
  int64_t document_;
  text::Span span_;
};

}  // namespace spanforge::ui
