#pragma once

#include "train/config/trainconfig.h"
#include "train/device/cudadevices.h"
#include "training/setup/datacheckworker.h"

#include <QWidget>

#include <vector>

class QLabel;
class QPushButton;
class QSplitter;

namespace spanforge::ui {

class ConfigForm;
class DataCheckView;
class DataSplitBox;
class DeviceChooser;
class PretrainedChooser;
class TransformerChooser;
class VectorsChooser;

// The page before training: the config form, the device, the data split and
// the data checks, with Load/Save of the TOML config, Check Data and Train.
// Train runs the checks first; when they warn, the warnings are shown and
// "Train Anyway" goes on.
class TrainingSetup : public QWidget {
  Q_OBJECT

 public:
  enum class State { Idle, Checking, Confirm, Training };

  explicit TrainingSetup(std::vector<train::CudaDeviceInfo> gpus, QWidget* parent = nullptr);

  void setConfig(const train::TrainConfig& config);
  // The form, device and split merged into one config.
  train::TrainConfig config() const;
  QString devFile() const;
  void setMarkedDev(int64_t count);
  // Why training cannot start with these settings; empty when it can.
  QString validationError() const;

  State state() const { return state_; }
  void setState(State state);
  // Shows a check's result; Confirm when it warns and Train asked for it.
  void showCheck(const DataCheckOutcome& result, bool wantsTraining);

  ConfigForm* form() const { return form_; }
  DeviceChooser* devices() const { return devices_; }
  DataSplitBox* split() const { return split_; }
  PretrainedChooser* pretrained() const { return pretrained_; }
  VectorsChooser* vectors() const { return vectors_; }
  TransformerChooser* transformer() const { return transformer_; }
  // Word vectors' coverage is measured over this project; empty: none.
  void setProjectPath(const QString& path);
  // Writes the form's config to `path` unless it is the project or a file the
  // config reads (the vectors, the transformer folder's); says which in the status.
  bool saveTomlTo(const QString& path);
  QLabel* statusLabel() const { return status_; }
  DataCheckView* checks() const { return checks_; }
  QPushButton* trainButton() const { return train_; }
  QPushButton* anywayButton() const { return anyway_; }
  QPushButton* checkButton() const { return check_; }
  QPushButton* pretrainButton() const { return pretrain_; }

 protected:
  // Side by side when wide; the config above the rest when narrow.
  void resizeEvent(QResizeEvent* event) override;

 signals:
  void checkRequested();
  void trainRequested();
  void pretrainRequested();
  void confirmed();

 private:
  // A chooser's recipe applied to the form: `path` chosen, or taken back when empty.
  void applyChoice(const QString& path, void (*apply)(train::TrainConfig&, const std::string&),
                   void (*remove)(train::TrainConfig&));
  void loadToml();
  void saveToml();
  void updateButtons();

  ConfigForm* form_;
  QSplitter* splitter_ = nullptr;  // the config | the rest
  DeviceChooser* devices_;
  DataSplitBox* split_;
  PretrainedChooser* pretrained_;
  VectorsChooser* vectors_;
  TransformerChooser* transformer_;
  DataCheckView* checks_;
  QLabel* status_;
  QPushButton* check_;
  QPushButton* pretrain_;
  QPushButton* anyway_;
  QPushButton* train_;
  State state_ = State::Idle;
  // Below this width the config and the rest stack.
  static constexpr int kStackBelow = 900;
  QString projectPath_;  // what Save Config must never overwrite
};

}  // namespace spanforge::ui
