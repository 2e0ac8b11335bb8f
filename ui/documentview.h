#pragma once

#include "store/records.h"
#include "text/document.h"

#include <QAbstractScrollArea>
#include <QHash>
#include <QVector>

#include <cstdint>
#include <memory>
#include <vector>

class QTextLayout;

namespace spanforge::ui {

// Read-only view of one document with its gold spans drawn as translucent,
// rounded boxes in the label colour and a small label tag above each span.
// The text is laid out with QTextLayout and the spans are painted from span
// data at draw time: nothing about spans is ever written into a text document,
// so the later editor can change spans without touching the text.
// Core offsets are code points; they become UTF-16 positions here only.
class DocumentView : public QAbstractScrollArea {
  Q_OBJECT

 public:
  static constexpr int kMargin = 18;
  static constexpr qreal kSpanPadX = 2.0;
  static constexpr qreal kSpanPadY = 1.0;

  explicit DocumentView(QWidget* parent = nullptr);
  ~DocumentView() override;

  // Label colours by name; spans of unknown labels are grey.
  void setLabels(const std::vector<store::Label>& labels);
  void setDocument(int64_t id, const text::Document& doc);
  void clearDocument();
  // Shown centred when there is no document.
  void setPlaceholderText(const QString& text);
  QString placeholderText() const { return placeholder_; }

  int64_t documentId() const { return id_; }
  const QString& text() const { return text_; }
  int spanCount() const { return static_cast<int>(spans_.size()); }
  QString spanLabel(int i) const;
  QString spanText(int i) const;
  // Where span i sits: one rectangle per line it covers, and its label tag,
  // in viewport coordinates (what paintEvent draws).
  QVector<QRectF> spanRects(int i) const;
  QRectF tagRect(int i) const;

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void changeEvent(QEvent* event) override;
  bool viewportEvent(QEvent* event) override;

 private:
  struct Paragraph {
    int start = 0;  // UTF-16 offset of the paragraph in text_
    int end = 0;
    std::unique_ptr<QTextLayout> layout;
  };
  struct SpanItem {
    int start = 0;  // UTF-16, end exclusive
    int end = 0;
    QString label;
    QColor color;
    QVector<QRectF> rects;  // content coordinates
    QRectF tag;
  };

  void relayout();
  void layoutSpans();
  void updateScrollBar();
  QFont tagFont() const;
  QColor labelColor(const QString& label) const;
  qreal scrollY() const;

  QHash<QString, QColor> labelColors_;
  int64_t id_ = 0;
  QString text_;
  std::vector<Paragraph> paragraphs_;
  std::vector<SpanItem> spans_;
  QString placeholder_;
  qreal contentHeight_ = 0;
  int laidOutWidth_ = -1;
};

}  // namespace spanforge::ui
