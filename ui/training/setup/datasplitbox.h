#pragma once

#include "train/config/trainconfig.h"

#include <QWidget>

#include <cstdint>

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace spanforge::ui {

// Which accepted documents are held out for dev: a seeded random share
// (data.dev_fraction, data.dev_seed) or an explicit dev file (CoNLL, JSONL,
// ...). When the project has documents marked dev, those are the dev set
// instead of the draw, and the box says so.
class DataSplitBox : public QWidget {
  Q_OBJECT

 public:
  explicit DataSplitBox(QWidget* parent = nullptr);

  void setSettings(const train::DataSettings& settings);
  // `settings` with the fraction and seed of the box.
  train::DataSettings apply(train::DataSettings settings) const;
  // The dev file chosen; empty when the dev set comes from the project.
  QString devFile() const;
  void setDevFile(const QString& path);
  // Accepted documents marked dev in the project.
  void setMarkedDev(int64_t count);

  QRadioButton* seededButton() const { return seeded_; }
  QRadioButton* fileButton() const { return fromFile_; }
  QDoubleSpinBox* fractionBox() const { return fraction_; }

 signals:
  void changed();

 private:
  void updateEnabled();

  QRadioButton* seeded_;
  QRadioButton* fromFile_;
  QDoubleSpinBox* fraction_;
  QSpinBox* seed_;
  QLineEdit* file_;
  QWidget* browse_;
  QLabel* note_;
  int64_t markedDev_ = 0;
};

}  // namespace spanforge::ui
