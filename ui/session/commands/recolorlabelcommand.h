#pragma once

#include "session/commands/sessioncommand.h"

#include <string>

namespace spanforge::ui {

// Gives a label another colour ("#rrggbb"); undo restores the old one.
class RecolorLabelCommand : public SessionCommand {
 public:
  RecolorLabelCommand(AnnotationSession& session, std::string label, std::string from,
                      std::string to, const QString& text);

 protected:
  void apply() override;
  void revert() override;

 private:
  void recolor(const std::string& color);

  std::string label_;
  std::string from_;
  std::string to_;
};

}  // namespace spanforge::ui
