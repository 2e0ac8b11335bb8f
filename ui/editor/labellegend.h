#pragma once

#include "store/records.h"

#include <QRectF>
#include <QWidget>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace spanforge::ui {

// The label bar: one coloured chip per label with its hotkey, wrapping onto
// more rows when the window is narrow. Clicking a chip emits labelClicked
// (the editor labels its selection with it); a hint about the keys sits at
// the right end when there is room.
class LabelLegend : public QWidget {
  Q_OBJECT

 public:
  explicit LabelLegend(QWidget* parent = nullptr);

  // spanCounts (gold spans per label name) only feed the tooltips.
  void setLabels(const std::vector<store::Label>& labels,
                 const std::map<std::string, int64_t>& spanCounts = {});
  int labelCount() const { return static_cast<int>(labels_.size()); }
  QString labelName(int i) const;
  // Grey text after the chips, e.g. how to label.
  void setHint(const QString& hint);
  // Where chip i is drawn (widget coordinates); for tests and tooltips.
  QRectF chipRect(int i) const;

  bool hasHeightForWidth() const override { return true; }
  int heightForWidth(int width) const override;
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 signals:
  void labelClicked(const QString& name);

 protected:
  void paintEvent(QPaintEvent* event) override;
  bool event(QEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;

 private:
  struct Chip {
    QString name;
    QString hotkey;
    QColor color;
    int64_t spans = 0;
  };
  // Lays the chips out for a width; returns the total height.
  qreal layoutChips(qreal width, std::vector<QRectF>* rects) const;
  qreal chipWidth(const Chip& c) const;
  QFont keyFont() const;
  int chipAt(const QPointF& pos) const;

  std::vector<Chip> labels_;
  QString hint_;
  int hover_ = -1;
};

}  // namespace spanforge::ui
