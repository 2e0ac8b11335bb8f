#pragma once

#include "store/records.h"

#include <QRectF>
#include <QWidget>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace spanforge::ui {

// A compact row of the project's labels: one coloured chip per label with its
// hotkey, wrapping onto more rows when the window is narrow.
class LabelLegend : public QWidget {
  Q_OBJECT

 public:
  explicit LabelLegend(QWidget* parent = nullptr);

  // spanCounts (gold spans per label name) only feed the tooltips.
  void setLabels(const std::vector<store::Label>& labels,
                 const std::map<std::string, int64_t>& spanCounts = {});
  int labelCount() const { return static_cast<int>(labels_.size()); }
  // Where chip i is drawn (widget coordinates); for tests and tooltips.
  QRectF chipRect(int i) const;

  bool hasHeightForWidth() const override { return true; }
  int heightForWidth(int width) const override;
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;
  bool event(QEvent* event) override;

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

  std::vector<Chip> labels_;
};

}  // namespace spanforge::ui
