#pragma once

#include "train/config/trainconfig.h"

#include <QDialog>

#include <cstdint>

class QLabel;
class QPushButton;

namespace spanforge::ui {

// Asked before a pretraining starts (it can take half an hour): what it does,
// the documents it reads, how long it should take, Start or Cancel.
class PretrainDialog : public QDialog {
  Q_OBJECT

 public:
  // `documents`: the texts it will read (test documents left out).
  // `secondsPerStep`: the pace to estimate by (0: unknown), from `paceFrom`
  // ("pretraining run 3").
  PretrainDialog(const train::PretrainingSettings& settings, int64_t documents,
                 double secondsPerStep, const QString& paceFrom, QWidget* parent = nullptr);

  QString text() const;
  QPushButton* startButton() const { return start_; }

 private:
  QLabel* text_;
  QPushButton* start_;
};

}  // namespace spanforge::ui
