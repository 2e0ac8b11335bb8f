#pragma once

#include "editor/spanpainter.h"
#include "text/span.h"

#include <cstdint>
#include <vector>

namespace spanforge::ui {

class EditorDocument;

// A model's suggestions for the open document as the span editor shows them,
// merged with the gold spans into the one layer the painter draws (sorted,
// non-overlapping). Which suggestions show is active::SuggestionFilter's rule
// (the one "accept all" uses): none of a label the project lacks, none over
// a gold span, none over a better-scored suggestion. Layer indexes map back
// to gold span and suggestion indexes.
class EditorSuggestions {
 public:
  // The suggestions of document `documentId` (code points); they show only
  // while that document is open.
  void set(int64_t documentId, std::vector<text::ScoredSpan> spans);
  void clear();
  int64_t documentId() const { return documentId_; }

  // Rebuilds the layer from the document's gold spans (after either changed).
  void rebuild(const EditorDocument& doc, int64_t openDocumentId);

  const std::vector<PaintSpan>& layer() const { return layer_; }
  int count() const { return static_cast<int>(visible_.size()); }  // shown suggestions
  const text::ScoredSpan& suggestion(int i) const { return visible_[size_t(i)]; }
  TextRange range(int i) const;
  // The shown suggestion with these offsets and label, or -1.
  int find(const text::Span& span) const;
  // The first shown suggestion starting at or after UTF-16 position pos, or -1.
  int firstFrom(int pos) const;

  // The layer entry Tab (or Shift+Tab) goes to from entry `from`, or when
  // none is selected (-1) from UTF-16 position pos, wrapping around; -1 for
  // an empty layer.
  int adjacent(int from, int pos, bool backwards) const;

  int layerOfGold(int i) const;
  int layerOfSuggestion(int i) const;
  int goldAt(int layerIndex) const;        // -1 for a suggestion
  int suggestionAt(int layerIndex) const;  // -1 for a gold span

 private:
  int64_t documentId_ = 0;
  std::vector<text::ScoredSpan> all_;
  std::vector<text::ScoredSpan> visible_;  // the shown ones, in text order
  std::vector<PaintSpan> layer_;
  std::vector<int> source_;  // per layer entry: gold index, or -(suggestion index) - 1
};

}  // namespace spanforge::ui
