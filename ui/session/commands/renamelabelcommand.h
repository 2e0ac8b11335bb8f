#pragma once

#include "session/commands/sessioncommand.h"

#include <string>

namespace spanforge::ui {

// Renames a label (its spans follow); undo gives the old name back.
class RenameLabelCommand : public SessionCommand {
 public:
  RenameLabelCommand(AnnotationSession& session, std::string from, std::string to,
                     const QString& text);

 protected:
  void apply() override;
  void revert() override;

 private:
  void rename(const std::string& from, const std::string& to);

  std::string from_;
  std::string to_;
};

}  // namespace spanforge::ui
