#include "session/commands/suggestioncommand.h"

#include "session/annotationsession.h"
#include "store/projectstore.h"
#include "store/storeerror.h"

#include <algorithm>
#include <optional>

namespace spanforge::ui {

namespace {

template <class T, class Same>
void removeAll(std::vector<T>& from, const std::vector<T>& items, Same same, const char* what) {
  for (const T& item : items) {
    const auto it =
        std::find_if(from.begin(), from.end(), [&](const T& x) { return same(x, item); });
    if (it == from.end()) throw store::StoreError(what);
    from.erase(it);
  }
}

bool sameSpan(const text::Span& a, const text::Span& b) { return a == b; }
bool samePrediction(const text::ScoredSpan& a, const text::ScoredSpan& b) {
  return a.span == b.span;
}

}  // namespace

SuggestionCommand::SuggestionCommand(AnnotationSession& session, int64_t document, int64_t model,
                                     const QString& text)
    : SessionCommand(session, text), document_(document), model_(model) {}

void SuggestionCommand::move(const std::vector<text::Span>& addGold,
                             const std::vector<text::ScoredSpan>& removePredictions, bool forward) {
  // A pattern match is not removed but decided: accepted when it went into
  // gold as it was, rejected otherwise (an edit means the pattern was wrong).
  std::vector<text::ScoredSpan> modelSide;
  store::ProjectStore::MatchStates states;
  // What did not go into gold as suggested is decided against, for every
  // later suggestion of it too (a model after Rank Pool, a pattern again).
  store::SpanDecisions decided{{}, forward};
  for (const text::ScoredSpan& s : removePredictions)
    if (std::find(addGold.begin(), addGold.end(), s.span) == addGold.end())
      decided.spans.push_back(s.span);
  for (const text::ScoredSpan& s : removePredictions) {
    if (!s.fromPattern()) {
      modelSide.push_back(s);
      continue;
    }
    const bool kept = std::find(addGold.begin(), addGold.end(), s.span) != addGold.end();
    states.push_back({{document_, s.pattern, s.span, store::MatchState::Open},
                      !forward ? store::MatchState::Open
                      : kept   ? store::MatchState::Accepted
                               : store::MatchState::Rejected});
  }
  std::vector<text::Span> gold = session().spansOf(document_);
  std::vector<text::ScoredSpan> predictions;
  if (model_) predictions = session().predictionsOf(document_, model_);
  if (forward) {
    removeAll(predictions, modelSide, samePrediction,
              "The suggestion is no longer in the document.");
    gold.insert(gold.end(), addGold.begin(), addGold.end());
  } else {
    removeAll(gold, addGold, sameSpan, "The span is no longer in the document.");
    predictions.insert(predictions.end(), modelSide.begin(), modelSide.end());
  }
  std::optional<std::vector<text::Span>> newGold;
  if (!addGold.empty()) newGold = std::move(gold);
  session().writeSuggestions(document_, newGold, model_, predictions, states, decided);
  session().reveal(document_);
}

}  // namespace spanforge::ui
