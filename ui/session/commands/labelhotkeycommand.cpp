#include "session/commands/labelhotkeycommand.h"

#include "session/annotationsession.h"
#include "store/projectstore.h"
#include "store/storeerror.h"

namespace spanforge::ui {

LabelHotkeyCommand::LabelHotkeyCommand(AnnotationSession& session, std::string label,
                                       std::string from, std::string to, const QString& text)
    : SessionCommand(session, text),
      label_(std::move(label)),
      from_(std::move(from)),
      to_(std::move(to)) {}

void LabelHotkeyCommand::setKey(const std::string& key) {
  const auto label = session().project().labels().find(label_);
  if (!label) throw store::StoreError("There is no label named \"" + label_ + "\" any more.");
  session().project().labels().setHotkey(label->id, key);
  session().labelsWritten();
}

void LabelHotkeyCommand::apply() { setKey(to_); }
void LabelHotkeyCommand::revert() { setKey(from_); }

}  // namespace spanforge::ui
