#pragma once

#include "train/config/trainconfig.h"
#include "train/device/cudadevices.h"

#include <QWidget>

#include <vector>

class QComboBox;
class QLabel;
class QSpinBox;

namespace spanforge::ui {

// Where training runs: automatic (the first CUDA GPU if there is one, else
// the CPU), the CPU, or each CUDA device found (name and memory); the number
// of CPU threads (0 = the trainer's choice); and the number of data-parallel
// training processes (0 = one per physical core or GPU). Edits the [device]
// section of a config.
class DeviceChooser : public QWidget {
  Q_OBJECT

 public:
  // `gpus`: the devices to offer (CudaDevices::list(), injected for tests).
  explicit DeviceChooser(const std::vector<train::CudaDeviceInfo>& gpus, QWidget* parent = nullptr);

  void setSettings(const train::DeviceSettings& settings);
  train::DeviceSettings settings() const;
  QComboBox* deviceBox() const { return device_; }
  QSpinBox* threadsBox() const { return threads_; }
  QSpinBox* processesBox() const { return processes_; }

 signals:
  void changed();

 private:
  // "Automatic (N)": what 0 processes means on the chosen device.
  void showAutomaticProcesses();

  bool hasGpus_;
  QComboBox* device_;
  QSpinBox* threads_;
  QSpinBox* processes_;
  QLabel* note_;
};

}  // namespace spanforge::ui
