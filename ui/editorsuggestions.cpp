#include "editorsuggestions.h"

#include "editordocument.h"

#include <algorithm>
#include <numeric>

namespace spanforge::ui {

void EditorSuggestions::set(int64_t documentId, std::vector<text::ScoredSpan> spans) {
  documentId_ = documentId;
  all_ = std::move(spans);
  visible_.clear();  // until rebuild()
  layer_.clear();
  source_.clear();
}

void EditorSuggestions::clear() { set(0, {}); }

void EditorSuggestions::rebuild(const EditorDocument& doc, int64_t openDocumentId) {
  visible_.clear();
  layer_.clear();
  source_.clear();
  const std::vector<PaintSpan>& gold = doc.spans();
  std::vector<PaintSpan> shown;
  if (documentId_ == openDocumentId && !doc.isEmpty()) {
    // Best first, so that of two overlapping suggestions the likelier shows.
    std::vector<size_t> order(all_.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [this](size_t a, size_t b) { return all_[a].score > all_[b].score; });
    const auto clashes = [](const std::vector<PaintSpan>& v, const TextRange& r) {
      return std::any_of(v.begin(), v.end(),
                         [&](const PaintSpan& s) { return s.range.overlaps(r); });
    };
    std::vector<std::pair<size_t, PaintSpan>> kept;
    for (const size_t i : order) {
      const text::Span& s = all_[i].span;
      PaintSpan p;
      p.range = doc.toRange(s.start, s.end);
      if (p.range.empty() || clashes(gold, p.range)) continue;
      if (std::any_of(kept.begin(), kept.end(),
                      [&](const auto& k) { return k.second.range.overlaps(p.range); }))
        continue;
      p.label = QString::fromStdString(s.label);
      p.color = doc.labelColor(p.label);
      p.score = std::max(0.0, all_[i].score);
      kept.emplace_back(i, std::move(p));
    }
    std::sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) {
      return a.second.range.start < b.second.range.start;
    });
    for (auto& [i, p] : kept) {
      visible_.push_back(i);
      shown.push_back(std::move(p));
    }
  }
  // Merge both sorted lists into the layer.
  size_t g = 0, s = 0;
  while (g < gold.size() || s < shown.size()) {
    const bool takeGold =
        s == shown.size() || (g < gold.size() && gold[g].range.start < shown[s].range.start);
    if (takeGold) {
      source_.push_back(static_cast<int>(g));
      layer_.push_back(gold[g++]);
    } else {
      source_.push_back(-static_cast<int>(s) - 1);
      layer_.push_back(shown[s++]);
    }
  }
}

TextRange EditorSuggestions::range(int i) const {
  const int l = layerOfSuggestion(i);
  return l < 0 ? TextRange{} : layer_[size_t(l)].range;
}

int EditorSuggestions::find(const text::Span& span) const {
  for (int i = 0; i < count(); ++i)
    if (suggestion(i).span == span) return i;
  return -1;
}

int EditorSuggestions::firstFrom(int pos) const {
  for (int i = 0; i < count(); ++i)
    if (range(i).start >= pos) return i;
  return -1;
}

int EditorSuggestions::adjacent(int from, int pos, bool backwards) const {
  const int n = static_cast<int>(layer_.size());
  if (n == 0) return -1;
  if (from >= 0) return (from + (backwards ? n - 1 : 1)) % n;
  for (int i = 0; i < n; ++i) {
    const int k = backwards ? n - 1 - i : i;
    const TextRange& r = layer_[size_t(k)].range;
    if (backwards ? r.start < pos : r.end > pos) return k;
  }
  return backwards ? n - 1 : 0;
}

int EditorSuggestions::layerOfGold(int i) const {
  const auto it = std::find(source_.begin(), source_.end(), i);
  return i < 0 || it == source_.end() ? -1 : static_cast<int>(it - source_.begin());
}

int EditorSuggestions::layerOfSuggestion(int i) const {
  const auto it = std::find(source_.begin(), source_.end(), -i - 1);
  return i < 0 || it == source_.end() ? -1 : static_cast<int>(it - source_.begin());
}

int EditorSuggestions::goldAt(int layerIndex) const {
  if (layerIndex < 0 || layerIndex >= static_cast<int>(source_.size())) return -1;
  return source_[size_t(layerIndex)] >= 0 ? source_[size_t(layerIndex)] : -1;
}

int EditorSuggestions::suggestionAt(int layerIndex) const {
  if (layerIndex < 0 || layerIndex >= static_cast<int>(source_.size())) return -1;
  return source_[size_t(layerIndex)] < 0 ? -source_[size_t(layerIndex)] - 1 : -1;
}

}  // namespace spanforge::ui
