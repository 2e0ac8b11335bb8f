#pragma once

#include "session/commands/sessioncommand.h"
#include "text/span.h"

#include <cstdint>
#include <string>

namespace spanforge::ui {

// Gives one span of a document another label; undo restores the old one.
class ChangeLabelCommand : public SessionCommand {
 public:
  ChangeLabelCommand(AnnotationSession& session, int64_t document, text::Span span,
                     std::string newLabel, const QString& text);

 protected:
  void apply() override;
  void revert() override;

 private:
  void relabel(const std::string& from, const std::string& to);

  int64_t document_;
  text::Span span_;  // with the old label
  std::string newLabel_;
};

}  // namespace spanforge::ui
