#include "labelactions.h"

#include "actionrunner.h"
#include "session/annotationsession.h"
#include "store/projectstore.h"
#include "transition.h"

#include <cstdio>

namespace spanforge::killharness {

namespace {
bool isBase(const std::string& name) { return name == "PER" || name == "ORG" || name == "LOC"; }
}  // namespace

LabelActions::LabelActions(ActionRunner& runner, ui::AnnotationSession& session,
                           store::ProjectStore& reader, std::mt19937_64& rng)
    : runner_(runner), session_(session), reader_(reader), rng_(rng) {}

int64_t LabelActions::uniform(int64_t lo, int64_t hi) {
  return std::uniform_int_distribution<int64_t>(lo, hi)(rng_);
}

bool LabelActions::edit() {
  const LabelSet before = LabelSet::read(reader_);
  std::vector<std::string> extras;
  for (const auto& e : before.labels)
    if (!isBase(e.name)) extras.push_back(e.name);
  const int64_t op = uniform(0, 4);
  if (op == 0 || (extras.empty() && op != 2)) return before.labels.size() < 8 && add(before);
  if (op == 2) {
    const auto& e = before.labels[static_cast<size_t>(uniform(0, before.labels.size() - 1))];
    return recolor(before, e.name);
  }
  const std::string& name = extras[static_cast<size_t>(uniform(0, extras.size() - 1))];
  if (op == 1) return rename(before, name);
  if (op == 3) return rekey(before, name);
  return remove(before, name);
}

template <class Change>
void LabelActions::touchDocs(Transition& t, const std::string& label, Change&& change) {
  store::DocumentFilter f;
  f.label = label;
  std::vector<int64_t> ids;
  reader_.documents().forEach(f, [&](const store::StoredDocument& d) { ids.push_back(d.id); });
  for (const int64_t id : ids) {
    const DocState before = *DocState::read(reader_, id);
    DocState after = before;
    change(after);
    after.sortSpans();
    t.docs[id] = {before, after};
  }
}

bool LabelActions::add(const LabelSet& before) {
  LabelSet after = before;
  const LabelSet::Entry e{freeName(before), randomColor(), freeHotkey(before)};
  after.labels.push_back(e);
  after.sort();
  Transition t;
  t.labels = std::make_pair(before, after);
  runner_.run("label-add", ActionRunner::Kind::Command, t,
              [&] { session_.addLabel(e.name, e.color, e.hotkey); });
  return true;
}

bool LabelActions::rename(const LabelSet& before, const std::string& name) {
  const std::string to = freeName(before);
  LabelSet after = before;
  for (auto& e : after.labels)
    if (e.name == name) e.name = to;
  after.sort();
  Transition t;
  t.labels = std::make_pair(before, after);
  touchDocs(t, name, [&](DocState& s) {
    for (auto& sp : s.spans)
      if (sp.label == name) sp.label = to;
  });
  runner_.run("label-rename", ActionRunner::Kind::Command, t,
              [&] { session_.renameLabel(name, to); });
  return true;
}

bool LabelActions::recolor(const LabelSet& before, const std::string& name) {
  const std::string color = randomColor();
  LabelSet after = before;
  for (auto& e : after.labels)
    if (e.name == name) e.color = color;
  Transition t;
  t.labels = std::make_pair(before, after);
  runner_.run("label-recolour", ActionRunner::Kind::Command, t,
              [&] { session_.setLabelColor(name, color); });
  return true;
}

bool LabelActions::rekey(const LabelSet& before, const std::string& name) {
  const std::string key = freeHotkey(before);
  if (key.empty()) return false;
  LabelSet after = before;
  for (auto& e : after.labels)
    if (e.name == name) e.hotkey = key;
  Transition t;
  t.labels = std::make_pair(before, after);
  runner_.run("label-hotkey", ActionRunner::Kind::Command, t,
              [&] { session_.setLabelHotkey(name, key); });
  return true;
}

bool LabelActions::remove(const LabelSet& before, const std::string& name) {
  LabelSet after;
  for (const auto& e : before.labels)
    if (e.name != name) after.labels.push_back(e);
  Transition t;
  t.labels = std::make_pair(before, after);
  touchDocs(t, name, [&](DocState& s) {
    std::vector<text::Span> kept;
    for (const auto& sp : s.spans)
      if (sp.label != name) kept.push_back(sp);
    s.spans = kept;
  });
  runner_.run("label-delete", ActionRunner::Kind::Command, t, [&] { session_.removeLabel(name); });
  return true;
}

std::string LabelActions::freeHotkey(const LabelSet& labels) {
  std::vector<std::string> free;
  for (char c = '4'; c <= '9'; ++c) {
    const std::string k(1, c);
    bool used = false;
    for (const auto& e : labels.labels) used = used || e.hotkey == k;
    if (!used) free.push_back(k);
  }
  return free.empty() ? std::string() : free[static_cast<size_t>(uniform(0, free.size() - 1))];
}

std::string LabelActions::freeName(const LabelSet& labels) {
  for (;;) {
    const std::string name = "X" + std::to_string(uniform(1, 9999));
    if (!labels.find(name)) return name;
  }
}

std::string LabelActions::randomColor() {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%06x", static_cast<unsigned>(uniform(0, 0xffffff)));
  return buf;
}

}  // namespace spanforge::killharness
