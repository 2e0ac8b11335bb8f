#include "training/setup/devicechooser.h"

#include "train/device/computedevice.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

#include <algorithm>
#include <thread>

namespace spanforge::ui {

DeviceChooser::DeviceChooser(const std::vector<train::CudaDeviceInfo>& gpus, QWidget* parent)
    : QWidget(parent),
      device_(new QComboBox(this)),
      threads_(new QSpinBox(this)),
      note_(new QLabel(this)) {
  device_->setObjectName(QStringLiteral("device"));
  device_->addItem(
      gpus.empty() ? tr("Automatic (CPU: no CUDA GPU found)") : tr("Automatic (first CUDA GPU)"),
      QStringLiteral("auto"));
  device_->addItem(tr("CPU"), QStringLiteral("cpu"));
  for (const auto& g : gpus)
    device_->addItem(tr("GPU %1: %2 (%3 GB)")
                         .arg(g.index)
                         .arg(QString::fromStdString(g.name))
                         .arg(g.totalBytes / 1e9, 0, 'f', 1),
                     QString::fromStdString(g.device()));
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  threads_->setObjectName(QStringLiteral("threads"));
  threads_->setRange(0, std::max(cores, 64));
  threads_->setSpecialValueText(tr("Automatic"));
  threads_->setToolTip(tr("CPU threads for training; this machine has %1 cores").arg(cores));
  note_->setWordWrap(true);
  note_->setForegroundRole(QPalette::PlaceholderText);
  note_->setText(train::ComputeDevice::cudaCompiled()
                     ? tr("%n CUDA device(s) found.", nullptr, static_cast<int>(gpus.size()))
                     : tr("This build of libtorch is CPU-only; see the README to train on a GPU."));

  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("Device:"), device_);
  form->addRow(tr("CPU threads:"), threads_);
  form->addRow(QString(), note_);
  connect(device_, &QComboBox::currentIndexChanged, this, &DeviceChooser::changed);
  connect(threads_, &QSpinBox::valueChanged, this, &DeviceChooser::changed);
}

void DeviceChooser::setSettings(const train::DeviceSettings& s) {
  const QString device = QString::fromStdString(s.device);
  int index = device_->findData(device);
  if (index < 0) {  // e.g. "cuda:1" from a config written on another machine
    device_->addItem(tr("%1 (not found here)").arg(device), device);
    index = device_->count() - 1;
  }
  device_->setCurrentIndex(index);
  threads_->setValue(static_cast<int>(s.threads));
}

train::DeviceSettings DeviceChooser::settings() const {
  train::DeviceSettings s;
  s.device = device_->currentData().toString().toStdString();
  s.threads = threads_->value();
  return s;
}

}  // namespace spanforge::ui
