#include "session/commands/addlabelcommand.h"

#include "session/annotationsession.h"
#include "store/projectstore.h"
#include "store/storeerror.h"

namespace spanforge::ui {

AddLabelCommand::AddLabelCommand(AnnotationSession& session, std::string name, std::string color,
                                 std::string hotkey, const QString& text)
    : SessionCommand(session, text),
      name_(std::move(name)),
      color_(std::move(color)),
      hotkey_(std::move(hotkey)) {}

void AddLabelCommand::apply() {
  const store::Label added = session().project().labels().add(name_, color_, hotkey_);
  color_ = added.color;
  hotkey_ = added.hotkey;
  session().labelsWritten();
}

void AddLabelCommand::revert() {
  const auto label = session().project().labels().find(name_);
  if (!label) throw store::StoreError("There is no label named \"" + name_ + "\" any more.");
  session().project().labels().remove(label->id);
  session().labelsWritten();
}

}  // namespace spanforge::ui
