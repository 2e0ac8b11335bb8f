#include "editor/editordocument.h"

#include "text/tokenizer.h"
#include "text/utf8.h"

#include <QObject>
#include <QStringList>

#include <algorithm>

namespace spanforge::ui {

EditorDocument::EditorDocument() = default;
EditorDocument::~EditorDocument() = default;

void EditorDocument::setLabels(const std::vector<store::Label>& labels) {
  colors_.clear();
  hotkeys_.clear();
  labels_.clear();
  QStringList keys;
  for (const store::Label& l : labels) {
    const QString name = QString::fromStdString(l.name);
    labels_.emplace_back(name, QString::fromStdString(l.hotkey).toUpper());
    colors_.insert(name, QColor(QString::fromStdString(l.color)));
    if (l.hotkey.empty()) continue;
    hotkeys_.insert(QString::fromStdString(l.hotkey).toLower(), name);
    keys << QString::fromStdString(l.hotkey).toUpper();
  }
  keysHint_ = keys.isEmpty()     ? QObject::tr("click a label")
              : keys.size() <= 3 ? QObject::tr("%1 to label").arg(keys.join(QLatin1Char('/')))
                                 : QObject::tr("%1–%2 to label").arg(keys.front(), keys.back());
  for (PaintSpan& s : spans_) s.color = labelColor(s.label);
}

QColor EditorDocument::labelColor(const QString& label) const {
  const QColor c = colors_.value(label);
  return c.isValid() ? c : QColor(0x8a, 0x90, 0x99);
}

void EditorDocument::load(const text::Document& doc) {
  offsets_ = std::make_unique<text::OffsetMap>(doc.text);
  text_ = QString::fromUtf8(doc.text.data(), static_cast<qsizetype>(doc.text.size()));
  // Selection snaps to the document's own tokens (kept from import, CoNLL
  // tokens included).
  const std::vector<text::Token> tokens =
      doc.tokens.empty() ? text::Tokenizer().tokenize(doc.text) : doc.tokens;
  tokens_.clear();
  tokens_.reserve(tokens.size());
  for (const text::Token& t : tokens)
    if (t.start >= 0 && t.start < t.end && t.end <= codePoints())
      tokens_.push_back(toRange(t.start, t.end));
  spans_.clear();
}

void EditorDocument::clear() {
  offsets_.reset();
  text_.clear();
  tokens_.clear();
  spans_.clear();
}

void EditorDocument::setSpans(const std::vector<text::Span>& spans) {
  spans_.clear();
  for (const text::Span& s : spans) {
    if (s.start < 0 || s.end <= s.start || s.end > codePoints())
      continue;  // never crash on odd data
    PaintSpan p;
    p.range = toRange(s.start, s.end);
    p.label = QString::fromStdString(s.label);
    p.color = labelColor(p.label);
    spans_.push_back(std::move(p));
  }
  std::sort(spans_.begin(), spans_.end(),
            [](const PaintSpan& a, const PaintSpan& b) { return a.range.start < b.range.start; });
}

std::vector<TextRange> EditorDocument::spanRanges() const {
  std::vector<TextRange> out;
  out.reserve(spans_.size());
  for (const PaintSpan& s : spans_) out.push_back(s.range);
  return out;
}

int64_t EditorDocument::codePoints() const { return offsets_ ? offsets_->codePoints() : 0; }

TextRange EditorDocument::toRange(int64_t start, int64_t end) const {
  if (!offsets_ || start < 0 || end > codePoints() || end < start) return {};
  return {int(offsets_->utf16Offset(start)), int(offsets_->utf16Offset(end))};
}

int64_t EditorDocument::toCodePoint(int utf16) const {
  const int64_t cp = offsets_->fromUtf16(utf16);
  return cp >= 0 ? cp : offsets_->fromUtf16(utf16 - 1);  // inside a surrogate pair
}

text::Span EditorDocument::toSpan(const TextRange& r, const QString& label) const {
  if (!offsets_ || r.empty()) return {};
  return {toCodePoint(r.start), toCodePoint(r.end), label.toStdString()};
}

}  // namespace spanforge::ui
