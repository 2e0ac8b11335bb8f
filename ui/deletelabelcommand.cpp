#include "deletelabelcommand.h"

#include "annotationsession.h"
#include "store/project.h"
#include "store/storeerror.h"

namespace spanforge::ui {

DeleteLabelCommand::DeleteLabelCommand(AnnotationSession& session, std::string label,
                                       const QString& text)
    : SessionCommand(session, text), name_(std::move(label)) {}

void DeleteLabelCommand::apply() {
  store::Project& project = session().project();
  const auto label = project.labels().find(name_);
  if (!label) throw store::StoreError("There is no label named \"" + name_ + "\" any more.");
  label_ = *label;
  // Remember what goes, document by document, before it goes.
  spans_.clear();
  store::DocumentFilter filter;
  filter.label = name_;
  project.documents().forEach(filter, [this](const store::StoredDocument& d) {
    std::vector<text::Span> mine;
    for (const text::Span& s : d.doc.spans)
      if (s.label == name_) mine.push_back(s);
    spans_.emplace_back(d.id, std::move(mine));
  });
  removed_ = project.labels().remove(label_.id);
  session().labelsWritten();  // also refreshes the list rows
}

void DeleteLabelCommand::revert() {
  store::Project& project = session().project();
  store::Transaction tx(project.db());
  const store::Label again = project.labels().add(label_.name, label_.color, label_.hotkey);
  // add() picks a free hotkey for an empty one; the label had none.
  if (label_.hotkey.empty()) project.labels().setHotkey(again.id, "");
  for (const auto& [id, spans] : spans_) {
    const auto stored = project.documents().get(id);
    if (!stored) continue;  // deleted since: nothing to restore
    std::vector<text::Span> all = stored->doc.spans;
    all.insert(all.end(), spans.begin(), spans.end());
    project.documents().setSpans(id, all);
  }
  tx.commit();
  session().labelsWritten();  // also refreshes the list rows
}

}  // namespace spanforge::ui
