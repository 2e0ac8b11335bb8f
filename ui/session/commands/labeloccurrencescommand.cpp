#include "session/commands/labeloccurrencescommand.h"

#include "session/annotationsession.h"
#include "store/storeerror.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace spanforge::ui {

LabelOccurrencesCommand::LabelOccurrencesCommand(AnnotationSession& session, int64_t document,
                                                 std::vector<text::Span> added, int64_t model,
                                                 std::vector<text::ScoredSpan> replaced,
                                                 const QString& text)
    : SessionCommand(session, text),
      document_(document),
      added_(std::move(added)),
      model_(model),
      replaced_(std::move(replaced)) {}

void LabelOccurrencesCommand::write(bool forward) {
  std::vector<text::Span> gold = session().spansOf(document_);
  if (forward) {
    gold.insert(gold.end(), added_.begin(), added_.end());
  } else {
    for (const text::Span& s : added_) {
      const auto it = std::find(gold.begin(), gold.end(), s);
      if (it == gold.end()) throw store::StoreError("A labelled occurrence is no longer there.");
      gold.erase(it);
    }
  }
  if (replaced_.empty()) {
    session().writeSpans(document_, gold);  // one transaction
  } else {
    std::vector<text::ScoredSpan> predictions = session().predictionsOf(document_, model_);
    if (forward) {
      for (const text::ScoredSpan& p : replaced_) {
        const auto it = std::find_if(predictions.begin(), predictions.end(),
                                     [&](const text::ScoredSpan& x) { return x.span == p.span; });
        if (it == predictions.end())
          throw store::StoreError("The suggestion is no longer in the document.");
        predictions.erase(it);
      }
    } else {
      predictions.insert(predictions.end(), replaced_.begin(), replaced_.end());
    }
    session().writeSuggestions(document_, gold, model_, predictions);  // one transaction
  }
  session().reveal(document_);
}

}  // namespace spanforge::ui
