#include "spanactions.h"

#include "actionrunner.h"
#include "editor/spaneditor.h"
#include "editordriver.h"
#include "session/annotationsession.h"
#include "store/projectstore.h"
#include "transition.h"

#include <QUndoStack>

#include <algorithm>

namespace spanforge::killharness {

using Kind = ActionRunner::Kind;

SpanActions::SpanActions(EditorDriver& editor, ActionRunner& runner, ui::AnnotationSession& session,
                         store::ProjectStore& reader, std::mt19937_64& rng, int64_t baseDocs)
    : editor_(editor),
      runner_(runner),
      session_(session),
      reader_(reader),
      rng_(rng),
      baseDocs_(baseDocs) {}

int64_t SpanActions::uniform(int64_t lo, int64_t hi) {
  return std::uniform_int_distribution<int64_t>(lo, hi)(rng_);
}

bool SpanActions::openRandom() {
  // A third of the time an unlabelled document: those carry suggestions.
  if (uniform(0, 2) == 0) {
    store::DocumentFilter f;
    f.status = text::DocStatus::Unlabelled;
    const auto page = reader_.documents().page(f, uniform(0, baseDocs_), 1);
    if (!page.empty() && page.front().id <= baseDocs_) return editor_.open(page.front().id);
  }
  return editor_.open(uniform(1, baseDocs_));
}

bool SpanActions::ensureOpen() { return editor_.documentId() != 0 || openRandom(); }

DocState SpanActions::current() {
  const auto s = DocState::read(reader_, editor_.documentId());
  return s ? *s : DocState{};
}

std::optional<std::pair<std::string, char>> SpanActions::randomLabelKey(
    const std::string& notLabel) {
  std::vector<std::pair<std::string, char>> keys;
  for (const auto& l : session_.labels())
    if (l.hotkey.size() == 1 && l.name != notLabel) keys.emplace_back(l.name, l.hotkey[0]);
  if (keys.empty()) return std::nullopt;
  return keys[static_cast<size_t>(uniform(0, static_cast<int64_t>(keys.size()) - 1))];
}

std::optional<Transition> SpanActions::predictLabelKey(const std::string& label) {
  ui::SpanEditor* e = editor_.editor();
  const DocState before = current();
  DocState after = before;
  if (e->selectedSuggestion() >= 0) {
    const text::Span s = e->suggestion(e->selectedSuggestion()).span;
    after.spans.push_back({s.start, s.end, label});
  } else if (e->selectedSpan() >= 0) {
    const text::Span s = e->span(e->selectedSpan());
    for (auto& sp : after.spans)
      if (sp.start == s.start && sp.end == s.end) sp.label = label;
  } else if (e->hasSelection()) {
    const text::Span s = e->selection();
    after.spans.push_back({s.start, s.end, label});
  } else {
    return std::nullopt;
  }
  after.sortSpans();
  Transition t;
  t.docs[editor_.documentId()] = {before, after};
  return t;
}

bool SpanActions::addSpan() {
  if (!ensureOpen()) return false;
  const auto stored = reader_.documents().get(editor_.documentId());
  if (!stored || stored->doc.tokens.empty()) return false;
  const auto& tokens = stored->doc.tokens;
  const auto first = static_cast<size_t>(uniform(0, static_cast<int64_t>(tokens.size()) - 1));
  const size_t last = std::min(tokens.size() - 1, first + static_cast<size_t>(uniform(0, 2)));
  // Three ways to select: double-click a token, drag over tokens, or the same
  // drag with Alt (exact characters).
  const int64_t how = uniform(0, 2);
  const bool sent = how == 0 ? editor_.doubleClick(tokens[first].start)
                             : editor_.drag(tokens[first].start, tokens[last].end - 1, how == 2);
  if (!sent) return false;
  const auto key = randomLabelKey();
  if (!key) return false;
  const auto predicted = predictLabelKey(key->first);
  if (!predicted) return false;
  runner_.run("label-key", Kind::Command, *predicted, [&] { editor_.type(key->second); });
  return true;
}

bool SpanActions::relabel() {
  if (!ensureOpen()) return false;
  const int n = editor_.editor()->spanCount();
  if (n == 0) return false;
  const int i = static_cast<int>(uniform(0, n - 1));
  if (!editor_.clickSpan(i) || editor_.editor()->selectedSpan() < 0) return false;
  const auto key = randomLabelKey(editor_.editor()->span(editor_.editor()->selectedSpan()).label);
  if (!key) return false;
  const auto predicted = predictLabelKey(key->first);
  if (!predicted) return false;
  runner_.run("relabel", Kind::Command, *predicted, [&] { editor_.type(key->second); });
  return true;
}

bool SpanActions::remove() {
  if (!ensureOpen()) return false;
  const int n = editor_.editor()->spanCount();
  if (n == 0) return false;
  if (!editor_.clickSpan(static_cast<int>(uniform(0, n - 1)))) return false;
  const int selected = editor_.editor()->selectedSpan();
  if (selected < 0) return false;
  const text::Span s = editor_.editor()->span(selected);
  Transition t;
  DocState before = current(), after = before;
  after.spans.erase(std::remove(after.spans.begin(), after.spans.end(), s), after.spans.end());
  t.docs[editor_.documentId()] = {before, after};
  const Qt::Key key = uniform(0, 1) ? Qt::Key_Delete : Qt::Key_Backspace;
  runner_.run("delete", Kind::Command, t, [&] { editor_.key(key); });
  return true;
}

bool SpanActions::setStatus() {
  if (!ensureOpen()) return false;
  struct Choice {
    const char* name;
    Qt::Key key;
    Qt::KeyboardModifiers mods;
    text::DocStatus status;
  };
  // Enter (accept and next) is what people press most.
  static const Choice kChoices[] = {
      {"accept", Qt::Key_Return, Qt::NoModifier, text::DocStatus::Accepted},
      {"accept", Qt::Key_Return, Qt::NoModifier, text::DocStatus::Accepted},
      {"accept", Qt::Key_Enter, Qt::NoModifier, text::DocStatus::Accepted},
      {"reject", Qt::Key_R, Qt::AltModifier, text::DocStatus::Rejected},
      {"ignore", Qt::Key_I, Qt::AltModifier, text::DocStatus::Ignored},
      {"unmark", Qt::Key_U, Qt::AltModifier, text::DocStatus::Unlabelled}};
  const Choice& c = kChoices[uniform(0, std::size(kChoices) - 1)];
  Transition t;
  DocState before = current(), after = before;
  after.status = c.status;
  t.docs[editor_.documentId()] = {before, after};
  runner_.run(c.name, Kind::Command, t, [&] { editor_.key(c.key, c.mods); });
  return true;
}

bool SpanActions::undo() {
  const Transition* target = runner_.mirror().undoTarget();
  if (!target) return false;
  runner_.run("undo", Kind::Undo, target->reversed(), [&] { editor_.keys(QKeySequence::Undo); });
  return true;
}

bool SpanActions::redo() {
  const Transition* target = runner_.mirror().redoTarget();
  if (!target) return false;
  // The platform's binding: Ctrl+Shift+Z on X11 desktops, Ctrl+Y under the
  // offscreen platform's (Windows) key scheme.
  runner_.run("redo", Kind::Redo, *target, [&] { editor_.keys(QKeySequence::Redo); });
  return true;
}

bool SpanActions::suggestion() {
  if (!ensureOpen()) return false;
  ui::SpanEditor* e = editor_.editor();
  if (e->suggestionCount() == 0) return false;
  const int i = static_cast<int>(uniform(0, e->suggestionCount() - 1));
  if (!editor_.clickSuggestion(i) || e->selectedSuggestion() < 0) return false;
  const text::ScoredSpan s = e->suggestion(e->selectedSuggestion());
  const int64_t how = uniform(0, 2);
  if (how == 2) {  // Delete rejects: gold stays as it is
    Transition t;
    const DocState before = current();
    t.docs[editor_.documentId()] = {before, before};
    runner_.run("reject-suggestion", Kind::Command, t, [&] { editor_.key(Qt::Key_Delete); });
    return true;
  }
  // Space accepts as predicted, a label key accepts with that label.
  const auto key = how == 0 ? std::nullopt : randomLabelKey();
  const auto predicted = predictLabelKey(key ? key->first : s.span.label);
  if (!predicted) return false;
  runner_.run(key ? "accept-suggestion-as" : "accept-suggestion", Kind::Command, *predicted, [&] {
    if (key)
      editor_.type(key->second);
    else
      editor_.key(Qt::Key_Space);
  });
  return true;
}

bool SpanActions::acceptAll() {
  if (!ensureOpen()) return false;
  ui::SpanEditor* e = editor_.editor();
  if (e->suggestionCount() == 0) return false;
  Transition t;
  const DocState before = current();
  DocState after = before;
  for (int i = 0; i < e->suggestionCount(); ++i) after.spans.push_back(e->suggestion(i).span);
  after.sortSpans();
  t.docs[editor_.documentId()] = {before, after};
  runner_.run("accept-all", Kind::Command, t, [&] { editor_.key(Qt::Key_A, Qt::AltModifier); });
  return true;
}

}  // namespace spanforge::killharness
