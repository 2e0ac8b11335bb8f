#include "session/suggestionactions.h"

#include "active/suggestionfilter.h"
#include "common/qs.h"
#include "project/learnedstrings.h"
#include "session/annotationsession.h"
#include "session/commands/acceptallsuggestionscommand.h"
#include "session/commands/acceptsuggestioncommand.h"
#include "session/commands/rejectsuggestioncommand.h"
#include "session/spanquote.h"
#include "store/projectstore.h"
#include "text/utf8.h"

#include <algorithm>
#include <exception>
#include <optional>
#include <set>

namespace spanforge::ui {

namespace {
QString tr(const char* text, int n = -1) { return AnnotationSession::tr(text, nullptr, n); }

bool same(const text::ScoredSpan& a, const text::ScoredSpan& b) {
  return a.span == b.span && a.pattern == b.pattern;
}
}  // namespace

SuggestionActions::SuggestionActions(AnnotationSession& session)
    : session_(session), matcher_(session.project()) {}

void SuggestionActions::matchPatterns(int64_t document) { matcher_.refresh(document); }

bool SuggestionActions::learn(const text::Document& doc, const std::vector<text::Span>& before,
                              const std::vector<text::Span>& after) {
  const text::OffsetMap map(doc.text);
  project::LearnedStrings strings(session_.project());
  bool learned = false;
  for (const text::Span& s : after) {
    if (std::find(before.begin(), before.end(), s) != before.end()) continue;
    if (const auto t = map.text(doc.text, s.start, s.end))
      learned |= strings.learn(std::string(*t), s.label);
  }
  if (learned) matcher_.invalidate();
  return learned;
}

std::vector<text::ScoredSpan> SuggestionActions::of(int64_t document) {
  store::ProjectStore& project = session_.project();
  std::vector<text::ScoredSpan> model;
  if (model_) model = session_.predictionsOf(document, model_);
  std::vector<text::ScoredSpan> out =
      active::SuggestionCombiner::combine(model, project.patterns().suggestions(document), rule_);
  // A person's rejection (or deletion) of a span stays decided, whoever suggests it.
  const std::vector<text::Span> rejected = project.decisions().rejected(document);
  if (!rejected.empty())
    out.erase(std::remove_if(out.begin(), out.end(),
                             [&](const text::ScoredSpan& s) {
                               return std::find(rejected.begin(), rejected.end(), s.span) !=
                                      rejected.end();
                             }),
              out.end());
  return out;
}

std::vector<text::ScoredSpan> SuggestionActions::under(int64_t document,
                                                       const std::vector<text::Span>& spans) {
  std::vector<text::ScoredSpan> out;
  for (const text::ScoredSpan& p : of(document))
    if (std::any_of(spans.begin(), spans.end(),
                    [&](const text::Span& s) { return s.overlaps(p.span); }))
      out.push_back(p);
  return out;
}

bool SuggestionActions::accept(int64_t id, const text::ScoredSpan& suggestion,
                               const text::Span& gold) {
  if (!model_ && !suggestion.fromPattern())
    return session_.refuse(tr("There is no current model."));
  if (!session_.label(gold.label))
    return session_.refuse(tr("There is no label %1.").arg(qs(gold.label)));
  std::vector<text::ScoredSpan> replaced{suggestion};
  std::optional<store::StoredDocument> stored;
  try {
    stored = session_.document(id);
    if (!stored) return session_.refuse(tr("Document %1 no longer exists.").arg(id));
    for (const text::ScoredSpan& p : under(id, {gold}))
      if (!same(p, suggestion)) replaced.push_back(p);
  } catch (const std::exception& e) {
    return session_.refuse(qs(e.what()));
  }
  const text::Document& doc = stored->doc;
  for (const text::Span& s : doc.spans)
    if (s.overlaps(gold))
      return session_.refuse(tr("%1 overlaps the %2 span %3: remove or change that span first.")
                                 .arg(quotedSpan(doc, gold), qs(s.label), quotedSpan(doc, s)));
  const bool edited = gold != suggestion.span;
  const QString what =
      edited ? tr("Accept %1 as %2 (edited suggestion)").arg(quotedSpan(doc, gold), qs(gold.label))
             : tr("Accept suggestion %1 %2").arg(qs(gold.label), quotedSpan(doc, gold));
  if (!session_.push(new AcceptSuggestionCommand(session_, id, model_, replaced, gold, what)))
    return false;
  session_.notify(tr("Saved: %1 %2").arg(qs(gold.label), quotedSpan(doc, gold)));
  return true;
}

bool SuggestionActions::reject(int64_t id, const text::ScoredSpan& suggestion) {
  if (!model_ && !suggestion.fromPattern())
    return session_.refuse(tr("There is no current model."));
  std::optional<store::StoredDocument> stored;
  // The same span and label from another source goes too: rejected is rejected.
  std::vector<text::ScoredSpan> rejected{suggestion};
  try {
    stored = session_.document(id);
    if (stored)
      for (const text::ScoredSpan& s : of(id))
        if (s.span == suggestion.span && !same(s, suggestion)) rejected.push_back(s);
  } catch (const std::exception& e) {
    return session_.refuse(qs(e.what()));
  }
  if (!stored) return session_.refuse(tr("Document %1 no longer exists.").arg(id));
  const QString words = quotedSpan(stored->doc, suggestion.span);
  const QString what = tr("Reject suggestion %1 %2").arg(qs(suggestion.span.label), words);
  if (!session_.push(new RejectSuggestionCommand(session_, id, model_, rejected, what)))
    return false;
  session_.notify(tr("Saved: rejected %1 %2").arg(qs(suggestion.span.label), words));
  return true;
}

bool SuggestionActions::acceptAll(int64_t id) {
  std::optional<store::StoredDocument> stored;
  std::vector<text::ScoredSpan> suggestions;
  try {
    stored = session_.document(id);
    if (stored) suggestions = of(id);
  } catch (const std::exception& e) {
    return session_.refuse(qs(e.what()));
  }
  if (!stored) return session_.refuse(tr("Document %1 no longer exists.").arg(id));
  // Exactly what the editor shows.
  std::set<std::string> names;
  for (const store::Label& l : session_.labels()) names.insert(l.name);
  std::vector<text::ScoredSpan> taken =
      active::SuggestionFilter::visible(suggestions, stored->doc.spans, names);
  if (taken.empty()) return session_.refuse(tr("There are no suggestions to accept."));
  std::sort(taken.begin(), taken.end(),
            [](const auto& a, const auto& b) { return a.span < b.span; });
  const int n = static_cast<int>(taken.size());
  if (!session_.push(new AcceptAllSuggestionsCommand(session_, id, model_, taken,
                                                     tr("Accept %n suggestion(s)", n))))
    return false;
  session_.notify(tr("Saved: accepted %n suggestion(s)", n));
  return true;
}

}  // namespace spanforge::ui
