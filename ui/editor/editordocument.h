#pragma once

#include "editor/editorselection.h"
#include "editor/spanpainter.h"
#include "store/records.h"
#include "text/document.h"

#include <QHash>
#include <QString>

#include <memory>
#include <vector>

namespace spanforge::text {
class OffsetMap;
}

namespace spanforge::ui {

// The open document as the span editor holds it: the text as a QString, its
// tokens and spans as UTF-16 ranges, label colours and hotkeys, and the
// conversions back to the core's code-point offsets. Core offsets become
// UTF-16 positions here and nowhere else.
class EditorDocument {
 public:
  EditorDocument();
  ~EditorDocument();

  void setLabels(const std::vector<store::Label>& labels);
  QColor labelColor(const QString& label) const;  // grey for unknown labels
  bool hasLabel(const QString& label) const { return colors_.contains(label); }
  // The label whose hotkey is key (lower case), or an empty string.
  QString labelForKey(const QString& key) const { return hotkeys_.value(key); }
  // The labels in the project's order, with their keys (upper case, or empty).
  const std::vector<std::pair<QString, QString>>& labels() const { return labels_; }
  // What the label keys are, for the tag above a selection: "1–6 to label".
  const QString& keysHint() const { return keysHint_; }

  // Text and tokens; a document without tokens is tokenized here.
  void load(const text::Document& doc);
  void clear();
  // Spans of the loaded text, sorted; spans outside the text are dropped.
  void setSpans(const std::vector<text::Span>& spans);

  bool isEmpty() const { return text_.isEmpty(); }
  const QString& text() const { return text_; }
  const std::vector<TextRange>& tokens() const { return tokens_; }
  const std::vector<PaintSpan>& spans() const { return spans_; }
  std::vector<TextRange> spanRanges() const;

  int64_t codePoints() const;
  TextRange toRange(int64_t start, int64_t end) const;  // code points -> UTF-16
  text::Span toSpan(const TextRange& r, const QString& label) const;

 private:
  int64_t toCodePoint(int utf16) const;

  QHash<QString, QColor> colors_;
  QHash<QString, QString> hotkeys_;  // lower-case key -> label name
  std::vector<std::pair<QString, QString>> labels_;
  QString keysHint_;
  std::unique_ptr<text::OffsetMap> offsets_;
  QString text_;
  std::vector<TextRange> tokens_;
  std::vector<PaintSpan> spans_;
};

}  // namespace spanforge::ui
