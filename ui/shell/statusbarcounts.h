#pragma once

#include "text/document.h"

#include <QLabel>

#include <cstdint>
#include <map>

namespace spanforge::ui {

// The status bar summary: "N documents · accepted A · unlabelled U · …", each
// status with its colour dot.
class StatusBarCounts : public QLabel {
  Q_OBJECT

 public:
  explicit StatusBarCounts(QWidget* parent = nullptr);

  void setCounts(const std::map<text::DocStatus, int64_t>& counts);
  void clearCounts();
  // The same summary without markup (tests, accessibility).
  QString plainText() const { return plain_; }

 private:
  QString plain_;
};

}  // namespace spanforge::ui
