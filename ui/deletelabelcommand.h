#pragma once

#include "sessioncommand.h"
#include "store/records.h"
#include "text/span.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace spanforge::ui {

// Deletes a label with its gold spans. Undo creates it again (same name,
// colour and hotkey) and puts every one of those spans back, in one
// transaction. Model predictions of the label are not restored.
class DeleteLabelCommand : public SessionCommand {
 public:
  DeleteLabelCommand(AnnotationSession& session, std::string label, const QString& text);

  int64_t spansRemoved() const { return removed_; }

 protected:
  void apply() override;
  void revert() override;

 private:
  std::string name_;
  store::Label label_;
  // Per document, the spans of the label that the delete removed.
  std::vector<std::pair<int64_t, std::vector<text::Span>>> spans_;
  int64_t removed_ = 0;
};

}  // namespace spanforge::ui
