#include "session/commands/changelabelcommand.h"

#include "session/annotationsession.h"
#include "store/storeerror.h"

#include <algorithm>

namespace spanforge::ui {

ChangeLabelCommand::ChangeLabelCommand(AnnotationSession& session, int64_t document,
                                       text::Span span, std::string newLabel, const QString& text)
    : SessionCommand(session, text),
      document_(document),
      span_(std::move(span)),
      newLabel_(std::move(newLabel)) {}

void ChangeLabelCommand::relabel(const std::string& from, const std::string& to) {
  std::vector<text::Span> spans = session().spansOf(document_);
  const auto it = std::find(spans.begin(), spans.end(), text::Span{span_.start, span_.end, from});
  if (it == spans.end()) throw store::StoreError("The span is no longer in the document.");
  it->label = to;
  session().writeSpans(document_, spans);
  session().reveal(document_);
}

void ChangeLabelCommand::apply() { relabel(span_.label, newLabel_); }
void ChangeLabelCommand::revert() { relabel(newLabel_, span_.label); }

}  // namespace spanforge::ui
