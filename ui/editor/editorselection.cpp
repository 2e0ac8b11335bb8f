#include "editor/editorselection.h"

#include <algorithm>

namespace spanforge::ui {

namespace {
// Index of the first range whose end lies after pos.
int firstEndingAfter(const std::vector<TextRange>& v, int pos) {
  auto it = std::upper_bound(v.begin(), v.end(), pos,
                             [](int p, const TextRange& r) { return p < r.end; });
  return static_cast<int>(it - v.begin());
}
}  // namespace

void EditorSelection::reset(std::vector<TextRange> tokens) {
  tokens_ = std::move(tokens);
  spans_.clear();
  range_ = {};
  charLevel_ = false;
  selectedSpan_ = cursor_ = anchor_ = -1;
}

void EditorSelection::setSpans(std::vector<TextRange> spans) {
  const TextRange selected = selectedSpan_ >= 0 ? spans_[size_t(selectedSpan_)] : TextRange{};
  spans_ = std::move(spans);
  selectedSpan_ = selected.empty() ? -1 : findSpan(selected);
}

void EditorSelection::clear() {
  range_ = {};
  selectedSpan_ = -1;
  anchor_ = cursor_;
}

void EditorSelection::selectSpan(int i) {
  if (i < 0 || i >= static_cast<int>(spans_.size())) return;
  selectedSpan_ = i;
  range_ = {};
  cursor_ = anchor_ = tokens_.empty() ? -1 : tokenNear(spans_[size_t(i)].start);
}

void EditorSelection::dragTo(int anchor, int pos, bool charLevel) {
  selectedSpan_ = -1;
  charLevel_ = charLevel;
  const int lo = std::min(anchor, pos);
  const int hi = std::max(anchor, pos);
  if (charLevel) {
    range_ = {lo, hi};
    return;
  }
  const int first = firstEndingAfter(tokens_, lo);
  int last = first;
  while (last < static_cast<int>(tokens_.size()) && tokens_[size_t(last)].start < hi) ++last;
  if (lo == hi || last == first) {
    range_ = {};
    return;
  }
  range_ = {tokens_[size_t(first)].start, tokens_[size_t(last - 1)].end};
  anchor_ = anchor <= pos ? first : last - 1;
  cursor_ = anchor <= pos ? last - 1 : first;
}

void EditorSelection::placeCursor(int token) {
  range_ = {};
  selectedSpan_ = -1;
  cursor_ = anchor_ = token < static_cast<int>(tokens_.size()) ? token : -1;
}

void EditorSelection::moveCursor(int token, bool extend) {
  if (tokens_.empty()) return;
  token = std::clamp(token, 0, static_cast<int>(tokens_.size()) - 1);
  charLevel_ = false;
  if (extend && cursor_ >= 0) {
    if (anchor_ < 0) anchor_ = cursor_;
    cursor_ = token;
    const int a = std::min(anchor_, cursor_);
    const int b = std::max(anchor_, cursor_);
    range_ = {tokens_[size_t(a)].start, tokens_[size_t(b)].end};
    selectedSpan_ = -1;
    return;
  }
  cursor_ = anchor_ = token;
  const int span = spanAt(tokens_[size_t(token)].start);
  if (span >= 0 && !extend) {
    selectedSpan_ = span;
    range_ = {};
  } else {
    selectedSpan_ = -1;
    range_ = tokens_[size_t(token)];
  }
}

void EditorSelection::step(int delta, bool extend) {
  if (tokens_.empty()) return;
  int from = cursor_;
  if (!extend && selectedSpan_ >= 0) {
    const TextRange& s = spans_[size_t(selectedSpan_)];
    from = delta > 0 ? tokenNear(s.end - 1) : tokenNear(s.start);
    if (from >= 0 && delta > 0 && tokens_[size_t(from)].start >= s.end) --from;
  }
  if (from < 0) {
    moveCursor(delta > 0 ? 0 : static_cast<int>(tokens_.size()) - 1, extend);
    return;
  }
  moveCursor(from + delta, extend);
}

int EditorSelection::adjacentSpan(bool backwards) const {
  const int n = static_cast<int>(spans_.size());
  if (n == 0) return -1;
  if (selectedSpan_ >= 0) return (selectedSpan_ + (backwards ? n - 1 : 1)) % n;
  const int pos = cursor_ >= 0 ? tokens_[size_t(cursor_)].start : 0;
  if (!backwards) {
    const int i = firstEndingAfter(spans_, pos);
    return i < n ? i : 0;
  }
  // The last span that starts before the cursor, else wrap to the last one.
  for (int i = n - 1; i >= 0; --i)
    if (spans_[size_t(i)].start < pos) return i;
  return n - 1;
}

int EditorSelection::tokenAt(int pos) const {
  const int i = firstEndingAfter(tokens_, pos);
  return i < static_cast<int>(tokens_.size()) && tokens_[size_t(i)].contains(pos) ? i : -1;
}

int EditorSelection::tokenNear(int pos) const {
  if (tokens_.empty()) return -1;
  const int i = firstEndingAfter(tokens_, pos);
  return std::min(i, static_cast<int>(tokens_.size()) - 1);
}

int EditorSelection::spanAt(int pos) const {
  const int i = firstEndingAfter(spans_, pos);
  return i < static_cast<int>(spans_.size()) && spans_[size_t(i)].contains(pos) ? i : -1;
}

int EditorSelection::findSpan(const TextRange& r) const {
  auto it = std::lower_bound(spans_.begin(), spans_.end(), r.start,
                             [](const TextRange& s, int p) { return s.start < p; });
  return it != spans_.end() && *it == r ? static_cast<int>(it - spans_.begin()) : -1;
}

}  // namespace spanforge::ui
