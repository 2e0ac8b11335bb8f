#include "editor/editorsuggestions.h"

#include "active/suggestionfilter.h"
#include "editor/editordocument.h"

#include <algorithm>
#include <set>
#include <string>
#include <utility>

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
    std::vector<text::Span> goldSpans;
    goldSpans.reserve(gold.size());
    for (const PaintSpan& g : gold) goldSpans.push_back(doc.toSpan(g.range, g.label));
    // Spans outside the text cannot show, so they must not hide others either.
    std::vector<text::ScoredSpan> inText;
    // The project's labels among those predicted: all the rule needs to know.
    std::set<std::string> labels;
    for (const text::ScoredSpan& s : all_) {
      if (doc.toRange(s.span.start, s.span.end).empty()) continue;
      inText.push_back(s);
      if (doc.hasLabel(QString::fromStdString(s.span.label))) labels.insert(s.span.label);
    }
    std::vector<std::pair<text::ScoredSpan, PaintSpan>> kept;
    for (text::ScoredSpan& s : active::SuggestionFilter::visible(inText, goldSpans, labels)) {
      PaintSpan p;
      p.range = doc.toRange(s.span.start, s.span.end);
      p.label = QString::fromStdString(s.span.label);
      p.color = doc.labelColor(p.label);
      p.score = std::max(0.0, s.score);
      p.pattern = s.fromPattern();
      kept.emplace_back(std::move(s), std::move(p));
    }
    std::sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) {
      return a.second.range.start < b.second.range.start;
    });
    for (auto& [s, p] : kept) {
      visible_.push_back(std::move(s));
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
