#include "session/commands/addspancommand.h"

#include "session/annotationsession.h"
#include "store/storeerror.h"

#include <algorithm>

namespace spanforge::ui {

AddSpanCommand::AddSpanCommand(AnnotationSession& session, int64_t document, text::Span span,
                               const QString& text)
    : SessionCommand(session, text), document_(document), span_(std::move(span)) {}

void AddSpanCommand::apply() {
  std::vector<text::Span> spans = session().spansOf(document_);
  spans.push_back(span_);
  session().writeSpans(document_, spans);
  session().reveal(document_);
}

void AddSpanCommand::revert() {
  std::vector<text::Span> spans = session().spansOf(document_);
  const auto it = std::find(spans.begin(), spans.end(), span_);
  if (it == spans.end()) throw store::StoreError("The span is no longer in the document.");
  spans.erase(it);
  session().writeSpans(document_, spans);
  session().reveal(document_);
}

}  // namespace spanforge::ui
