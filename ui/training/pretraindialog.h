#pragma once

#include "train/config/trainconfig.h"
#include "training/stoppedpretraining.h"

#include <QDialog>

#include <cstdint>
#include <optional>

class QLabel;
class QPushButton;

namespace spanforge::ui {

// Asked before a pretraining starts (it can take half an hour): what it does,
// the documents it reads, how long it should take, Start or Cancel; with a
// stopped pretraining, Resume it or Start Afresh.
class PretrainDialog : public QDialog {
  Q_OBJECT

 public:
  // `documents`: the texts it will read (test documents left out).
  // `secondsPerStep`: the pace to estimate by (0: unknown), from `paceFrom`
  // ("pretraining run 3").
  PretrainDialog(const train::PretrainingSettings& settings, int64_t documents,
                 double secondsPerStep, const QString& paceFrom,
                 const std::optional<StoppedPretraining>& stopped = std::nullopt,
                 QWidget* parent = nullptr);

  QString text() const;
  QPushButton* startButton() const { return start_; }
  // Null without a stopped pretraining.
  QPushButton* resumeButton() const { return resume_; }
  // Accepted by Resume rather than Start.
  bool resumeChosen() const { return resumeChosen_; }

 private:
  QLabel* text_;
  QPushButton* start_;
  QPushButton* resume_ = nullptr;
  bool resumeChosen_ = false;
};

}  // namespace spanforge::ui
