#pragma once

#include "store/records.h"

#include <QPointer>
#include <QWidget>

#include <vector>

namespace spanforge::ui {

// Every key of the span editor (EditorShortcuts) and the label hotkeys on a card
// over the editor area. F1 or ? toggles it; any key or click closes it and
// gives the focus back.
class HelpOverlay : public QWidget {
  Q_OBJECT

 public:
  explicit HelpOverlay(QWidget* parent);

  void setLabels(const std::vector<store::Label>& labels);
  void toggle();
  void open();
  void close();
  // Where the last paint put the card, in this widget's coordinates.
  QRectF shownCard() const { return shownCard_; }

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  std::vector<store::Label> labels_;
  QPointer<QWidget> returnFocus_;
  QRectF shownCard_;
};

}  // namespace spanforge::ui
