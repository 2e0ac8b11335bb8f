#include "training/setup/devicechooser.h"

#include "train/device/computedevice.h"
#include "train/device/processcount.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

#include <algorithm>
#include <thread>

namespace spanforge::ui {
namespace {
constexpr int kMaxProcesses = 64;
}

DeviceChooser::DeviceChooser(const std::vector<train::CudaDeviceInfo>& gpus, QWidget* parent)
    : QWidget(parent),
      hasGpus_(!gpus.empty()),
      device_(new QComboBox(this)),
      threads_(new QSpinBox(this)),
      processes_(new QSpinBox(this)),
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
  threads_->setToolTip(
      tr("CPU threads for training, in each training process; this machine has %1 cores")
          .arg(cores));
  processes_->setObjectName(QStringLiteral("processes"));
  processes_->setRange(0, kMaxProcesses);
  processes_->setToolTip(
      tr("Data-parallel training processes on this machine. Each trains its share of every "
         "step's batches; their gradients are averaged, so all keep the same weights. The "
         "first process alone evaluates on the dev set and writes the model.\n"
         "Automatic: one per physical CPU core, or one per GPU on CUDA."));
  note_->setWordWrap(true);
  note_->setForegroundRole(QPalette::PlaceholderText);
  note_->setText(train::ComputeDevice::cudaCompiled()
                     ? tr("%n CUDA device(s) found.", nullptr, static_cast<int>(gpus.size()))
                     : tr("This build of libtorch is CPU-only; see the README to train on a GPU."));

  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("Device:"), device_);
  form->addRow(tr("CPU threads:"), threads_);
  form->addRow(tr("Processes:"), processes_);
  form->addRow(QString(), note_);
  showAutomaticProcesses();
  connect(device_, &QComboBox::currentIndexChanged, this, &DeviceChooser::showAutomaticProcesses);
  connect(device_, &QComboBox::currentIndexChanged, this, &DeviceChooser::changed);
  connect(threads_, &QSpinBox::valueChanged, this, &DeviceChooser::changed);
  connect(processes_, &QSpinBox::valueChanged, this, &DeviceChooser::changed);
}

void DeviceChooser::showAutomaticProcesses() {
  // What the training worker will resolve the setting to: "auto" means the
  // first GPU when there is one, and then one process per GPU.
  std::string device = device_->currentData().toString().toStdString();
  if (device == "auto") device = hasGpus_ ? "cuda" : "cpu";
  processes_->setSpecialValueText(tr("Automatic (%1)").arg(train::resolveProcesses(0, device)));
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
  // A config may ask for more than the box offers; keep its value.
  const int processes = static_cast<int>(s.processes);
  processes_->setMaximum(std::max(kMaxProcesses, processes));
  processes_->setValue(processes);
}

train::DeviceSettings DeviceChooser::settings() const {
  train::DeviceSettings s;
  s.device = device_->currentData().toString().toStdString();
  s.threads = threads_->value();
  s.processes = processes_->value();
  return s;
}

}  // namespace spanforge::ui
