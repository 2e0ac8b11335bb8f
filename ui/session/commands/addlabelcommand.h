#pragma once

#include "session/commands/sessioncommand.h"

#include <string>

namespace spanforge::ui {

// Adds a label to the project; undo deletes it again.
class AddLabelCommand : public SessionCommand {
 public:
  // Empty colour or hotkey: the store picks the next free one (and redo
  // reuses what it picked).
  AddLabelCommand(AnnotationSession& session, std::string name, std::string color,
                  std::string hotkey, const QString& text);

 protected:
  void apply() override;
  void revert() override;

 private:
  std::string name_;
  std::string color_;
  std::string hotkey_;
};

}  // namespace spanforge::ui
