#pragma once

#include "train/eval/spancalibration.h"

#include <QDialog>

#include <cstdint>
#include <optional>
#include <vector>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;

namespace spanforge::ui {

// Model > Accept Suggestions Automatically: on or off and the lowest score
// accepted, with how often spans scored that high were right on the dev
// documents (the last evaluation's calibrated scores), so the threshold is
// chosen by the precision it buys.
class AutoAcceptDialog : public QDialog {
  Q_OBJECT

 public:
  static constexpr double kDefaultThreshold = 0.95;
  // Below this many dev spans at the threshold the dialog warns: too few to tell.
  static constexpr int64_t kMinSpans = 30;

  // `threshold`: the current setting (nullopt = off). `dev`: the last
  // evaluation's predicted spans; empty before one.
  AutoAcceptDialog(std::optional<double> threshold, std::vector<train::SpanOutcome> dev,
                   QWidget* parent = nullptr);

  // nullopt when off.
  std::optional<double> threshold() const;

  QCheckBox* enabled() const { return enabled_; }
  QDoubleSpinBox* score() const { return score_; }
  QLabel* expected() const { return expected_; }

 private:
  void updateExpected();

  std::vector<train::SpanOutcome> dev_;
  QCheckBox* enabled_;
  QDoubleSpinBox* score_;
  QLabel* expected_;
};

}  // namespace spanforge::ui
