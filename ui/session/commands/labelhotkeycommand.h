#pragma once

#include "session/commands/sessioncommand.h"

#include <string>

namespace spanforge::ui {

// Sets or clears a label's hotkey ("1".."9", "a".."z", or empty); undo
// restores the old one.
class LabelHotkeyCommand : public SessionCommand {
 public:
  LabelHotkeyCommand(AnnotationSession& session, std::string label, std::string from,
                     std::string to, const QString& text);

 protected:
  void apply() override;
  void revert() override;

 private:
  void setKey(const std::string& key);

  std::string label_;
  std::string from_;
  std::string to_;
};

}  // namespace spanforge::ui
