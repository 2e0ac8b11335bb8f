#include "session/commands/recolorlabelcommand.h"

#include "session/annotationsession.h"
#include "store/projectstore.h"
#include "store/storeerror.h"

namespace spanforge::ui {

RecolorLabelCommand::RecolorLabelCommand(AnnotationSession& session, std::string label,
                                         std::string from, std::string to, const QString& text)
    : SessionCommand(session, text),
      label_(std::move(label)),
      from_(std::move(from)),
      to_(std::move(to)) {}

void RecolorLabelCommand::recolor(const std::string& color) {
  const auto label = session().project().labels().find(label_);
  if (!label) throw store::StoreError("There is no label named \"" + label_ + "\" any more.");
  session().project().labels().setColor(label->id, color);
  session().labelsWritten();
}

void RecolorLabelCommand::apply() { recolor(to_); }
void RecolorLabelCommand::revert() { recolor(from_); }

}  // namespace spanforge::ui
