#pragma once

#include <QSplitter>

namespace spanforge::ui {

// A workspace of a side panel (the document list, the review queue) and the
// editor, which moves in when the workspace is shown (one editor serves all).
// The side panel never takes more than its share of the width (a third for
// the document list); the editor keeps its minimum (SpanEditor::minimumSizeHint:
// 60 characters of text).
class SplitWorkspace : public QSplitter {
  Q_OBJECT

 public:
  // `side` (reparented) starts `sideWidth` pixels wide and takes at most
  // 1/`maxShareDivisor` of the width.
  SplitWorkspace(QWidget* side, int sideWidth, int maxShareDivisor, QWidget* parent = nullptr);

  // Moves `editor` here, right of the side panel, keeping the panel's width.
  void takeEditor(QWidget* editor);
  QWidget* side() const { return side_; }

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void capSide();

  QWidget* side_;
  int sideWidth_;
  int divisor_;
};

}  // namespace spanforge::ui
