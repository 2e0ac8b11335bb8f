#pragma once

#include "session/commands/sessioncommand.h"
#include "store/projectstore.h"

#include <cstdint>
#include <string>

namespace spanforge::ui {

// Deletes a label with its gold spans. Undo creates it again (same name,
// colour and hotkey) and puts every one of those spans back, in one
// transaction. Model predictions of the label are not restored.
class DeleteLabelCommand : public SessionCommand {
 public:
  DeleteLabelCommand(AnnotationSession& session, std::string label, const QString& text);

  int64_t spansRemoved() const { return removed_.spanCount; }

 protected:
  void apply() override;
  void revert() override;

 private:
  std::string name_;
  // What the delete took: the label and, per document, its spans.
  store::ProjectStore::RemovedLabel removed_;
};

}  // namespace spanforge::ui
