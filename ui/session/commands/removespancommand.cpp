#include "session/commands/removespancommand.h"

#include "session/annotationsession.h"
#include "store/storeerror.h"

#include <algorithm>

namespace spanforge::ui {

RemoveSpanCommand::RemoveSpanCommand(AnnotationSession& session, int64_t document, text::Span span,
                                     const QString& text)
    : SessionCommand(session, text), document_(document), span_(std::move(span)) {}

void RemoveSpanCommand::apply() {
  std::vector<text::Span> spans = session().spansOf(document_);
  const auto it = std::find(spans.begin(), spans.end(), span_);
  if (it == spans.end()) throw store::StoreError("The span is no longer in the document.");
  spans.erase(it);
  // Deleting a span decides it is not one: nothing suggests it again.
  session().writeSpans(document_, spans, {{span_}, true});
  session().reveal(document_);
}

void RemoveSpanCommand::revert() {
  std::vector<text::Span> spans = session().spansOf(document_);
  spans.push_back(span_);
  session().writeSpans(document_, spans, {{span_}, false});  // the store refuses an overlap
  session().reveal(document_);
}

}  // namespace spanforge::ui
