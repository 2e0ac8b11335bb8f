#include "training/setup/trainingsetup.h"

#include "common/nativepath.h"
#include "common/qs.h"
#include "io/outputtarget.h"
#include "train/config/configerror.h"
#include "train/config/tomlconfig.h"
#include "train/config/transformerrecipe.h"
#include "train/config/vectorsrecipe.h"
#include "training/setup/configform.h"
#include "training/setup/datacheckview.h"
#include "training/setup/datasplitbox.h"
#include "training/setup/devicechooser.h"
#include "training/setup/pretrainedchooser.h"
#include "training/setup/transformerchooser.h"
#include "training/setup/vectorschooser.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QVBoxLayout>

#include <exception>

namespace spanforge::ui {
namespace {

QGroupBox* group(const QString& title, QWidget* content, QWidget* parent) {
  auto* box = new QGroupBox(title, parent);
  auto* layout = new QVBoxLayout(box);
  layout->addWidget(content);
  return box;
}

}  // namespace

TrainingSetup::TrainingSetup(std::vector<train::CudaDeviceInfo> gpus, QWidget* parent)
    : QWidget(parent),
      form_(new ConfigForm(
          {"model.pretrained", "model.vectors", "model.transformer", "data.dev_fraction",
           "data.dev_seed", "device.device", "device.threads", "device.processes"},
          this)),
      devices_(new DeviceChooser(std::move(gpus), this)),
      split_(new DataSplitBox(this)),
      pretrained_(new PretrainedChooser(this)),
      vectors_(new VectorsChooser(this)),
      transformer_(new TransformerChooser(this)),
      checks_(new DataCheckView(this)),
      status_(new QLabel(this)),
      check_(new QPushButton(tr("Check Data"), this)),
      pretrain_(new QPushButton(tr("Pretrain"), this)),
      anyway_(new QPushButton(tr("Train Anyway"), this)),
      train_(new QPushButton(tr("Train"), this)) {
  auto* right = new QWidget(this);
  auto* column = new QVBoxLayout(right);
  column->setContentsMargins(0, 0, 0, 0);
  column->addWidget(group(tr("Encoder"), transformer_, right));
  column->addWidget(group(tr("Word vectors"), vectors_, right));
  column->addWidget(group(tr("Device"), devices_, right));
  column->addWidget(group(tr("Dev set"), split_, right));
  column->addWidget(group(tr("Start from"), pretrained_, right));
  column->addStretch(1);
  splitter_ = new QSplitter(Qt::Horizontal, this);
  splitter_->addWidget(group(tr("Training config"), form_, this));
  // Scrolls when the window is short (or the config stacks above it).
  auto* rightScroll = new QScrollArea(this);
  rightScroll->setWidget(right);
  rightScroll->setWidgetResizable(true);
  rightScroll->setFrameShape(QFrame::NoFrame);
  // It scrolls down only: the splitter never makes it narrower than its content.
  rightScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  rightScroll->setMinimumWidth(right->minimumSizeHint().width() +
                               rightScroll->verticalScrollBar()->sizeHint().width());
  splitter_->addWidget(rightScroll);
  splitter_->setStretchFactor(0, 3);
  splitter_->setStretchFactor(1, 2);
  splitter_->setChildrenCollapsible(false);

  auto* load = new QPushButton(tr("Load Config…"), this);
  auto* save = new QPushButton(tr("Save Config…"), this);
  load->setToolTip(tr("Read a TOML config (spanforge-cli init-config writes one)"));
  status_->setWordWrap(true);
  train_->setDefault(true);
  anyway_->hide();
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(load);
  buttons->addWidget(save);
  buttons->addWidget(status_, 1);
  pretrain_->setToolTip(
      tr("Pretrain the embeddings and encoder on the project's documents (labels unused; test "
         "documents left out) with the [pretraining] settings; new models can then start from "
         "them"));
  buttons->addWidget(pretrain_);
  buttons->addWidget(check_);
  buttons->addWidget(anyway_);
  buttons->addWidget(train_);
  // The data checks stay in view above Train, whatever scrolls: they say why
  // training cannot start.
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(splitter_, 1);
  layout->addWidget(group(tr("Data checks"), checks_, this));
  layout->addLayout(buttons);

  connect(load, &QPushButton::clicked, this, &TrainingSetup::loadToml);
  connect(save, &QPushButton::clicked, this, &TrainingSetup::saveToml);
  connect(check_, &QPushButton::clicked, this, &TrainingSetup::checkRequested);
  connect(pretrain_, &QPushButton::clicked, this, &TrainingSetup::pretrainRequested);
  connect(train_, &QPushButton::clicked, this, &TrainingSetup::trainRequested);
  connect(anyway_, &QPushButton::clicked, this, &TrainingSetup::confirmed);
  connect(form_, &ConfigForm::changed, this, &TrainingSetup::updateButtons);
  connect(devices_, &DeviceChooser::changed, this, &TrainingSetup::updateButtons);
  connect(pretrained_, &PretrainedChooser::changed, this, &TrainingSetup::updateButtons);
  connect(vectors_, &VectorsChooser::changed, this, &TrainingSetup::updateButtons);
  connect(transformer_, &TransformerChooser::changed, this, &TrainingSetup::updateButtons);
  // A folder or file chosen by hand brings its recipe (the settings still at their
  // defaults) and "none" takes it back; a loaded config keeps its own.
  connect(transformer_, &TransformerChooser::chosen, this, [this](const QString& folder) {
    applyChoice(folder, train::applyTransformerRecipe, train::removeTransformerRecipe);
  });
  connect(vectors_, &VectorsChooser::chosen, this, [this](const QString& file) {
    applyChoice(file, train::applyVectorsRecipe, train::removeVectorsRecipe);
  });
  connect(split_, &DataSplitBox::changed, this, [this] {
    if (state_ == State::Confirm) setState(State::Idle);  // the checks no longer apply
    updateButtons();
  });
  setConfig(train::defaultConfig());
}

void TrainingSetup::applyChoice(const QString& path,
                                void (*apply)(train::TrainConfig&, const std::string&),
                                void (*remove)(train::TrainConfig&)) {
  train::TrainConfig c = config();
  if (path.isEmpty())
    remove(c);
  else
    apply(c, nativePath(path));
  form_->setConfig(c);
  updateButtons();
}

void TrainingSetup::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  const Qt::Orientation o = width() < kStackBelow ? Qt::Vertical : Qt::Horizontal;
  if (splitter_->orientation() == o) return;
  splitter_->setOrientation(o);
  if (o == Qt::Vertical)
    splitter_->setSizes({height() * 3 / 5, height() * 2 / 5});
  else
    splitter_->setSizes({width() * 3 / 5, width() * 2 / 5});
}

void TrainingSetup::setConfig(const train::TrainConfig& config) {
  form_->setConfig(config);
  devices_->setSettings(config.device);
  split_->setSettings(config.data);
  pretrained_->setFolder(QString::fromStdString(config.model.pretrained));
  const QString vectors = QFile::decodeName(config.model.vectors.c_str());
  if (vectors != vectors_->file()) vectors_->setFile(vectors);
  transformer_->setFolder(QFile::decodeName(config.model.transformer.c_str()));
}

void TrainingSetup::setProjectPath(const QString& path) {
  projectPath_ = path;
  vectors_->setProjectPath(path);
}

train::TrainConfig TrainingSetup::config() const {
  train::TrainConfig c = form_->config();
  c.device = devices_->settings();
  c.data = split_->apply(c.data);
  c.model.pretrained = nativePath(pretrained_->folder());
  c.model.vectors = nativePath(vectors_->file());
  c.model.transformer = nativePath(transformer_->folder());
  return c;
}

QString TrainingSetup::devFile() const { return split_->devFile(); }
void TrainingSetup::setMarkedDev(int64_t count) { split_->setMarkedDev(count); }

QString TrainingSetup::validationError() const {
  if (!form_->isValid()) return form_->errors().join(QLatin1Char('\n'));
  if (split_->fileButton()->isChecked() && devFile().isEmpty()) return tr("Choose a dev file.");
  if (!pretrained_->error().isEmpty()) return pretrained_->error();
  if (!transformer_->error().isEmpty()) return transformer_->error();
  if (!vectors_->error().isEmpty()) return vectors_->error();
  if (vectors_->isReading()) return tr("Reading the word vectors…");
  try {
    train::validateConfig(config(), "settings");
  } catch (const std::exception& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

void TrainingSetup::setState(State state) {
  state_ = state;
  switch (state) {
    case State::Idle:
      status_->clear();
      break;
    case State::Checking:
      status_->setText(tr("Checking the data…"));
      checks_->clear(tr("Checking the data…"));
      break;
    case State::Confirm:
      status_->setText(tr("The data checks found problems (see Data checks). Train anyway?"));
      break;
    case State::Training:
      status_->setText(tr("Training: see the Dashboard."));
      break;
  }
  updateButtons();
}

void TrainingSetup::showCheck(const DataCheckOutcome& result, bool wantsTraining) {
  checks_->setResult(result);
  if (!result.blocking.isEmpty()) {
    setState(State::Idle);
    status_->setText(tr("Training cannot start: see Data checks."));
  } else {
    setState(wantsTraining && result.warningCount() > 0 ? State::Confirm : State::Idle);
  }
}

void TrainingSetup::updateButtons() {
  const QString error = validationError();
  const bool idle = state_ == State::Idle || state_ == State::Confirm;
  train_->setEnabled(idle && error.isEmpty());
  train_->setToolTip(error);
  check_->setEnabled(idle);
  pretrain_->setEnabled(idle && error.isEmpty());
  anyway_->setVisible(state_ == State::Confirm);
  anyway_->setEnabled(state_ == State::Confirm && error.isEmpty());
}

void TrainingSetup::loadToml() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Load Training Config"), QString(),
                                                    tr("TOML config (*.toml);;All files (*)"));
  if (path.isEmpty()) return;
  try {
    setConfig(train::loadConfigFile(nativePath(path)));
    status_->setText(tr("Loaded %1.").arg(QFileInfo(path).fileName()));
  } catch (const std::exception& e) {
    status_->setText(tr("Cannot load the config: %1").arg(QString::fromStdString(e.what())));
  }
}

void TrainingSetup::saveToml() {
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Save Training Config"), QStringLiteral("config.toml"), tr("TOML config (*.toml)"));
  if (!path.isEmpty()) saveTomlTo(path);
}

bool TrainingSetup::saveTomlTo(const QString& path) {
  const train::TrainConfig settings = config();
  try {  // never over the project or a file the config names
    const io::OutputTarget target(nativePath(path), "the config file");
    if (!projectPath_.isEmpty()) target.notProject(nativePath(projectPath_));
    if (!settings.model.vectors.empty()) target.notFile(settings.model.vectors, "the word vectors");
    if (!settings.model.transformer.empty())
      target.notInFolder(settings.model.transformer, "the transformer model folder");
  } catch (const std::exception& e) {
    status_->setText(qs(e.what()));
    return false;
  }
  QFile file(path);
  const std::string text = train::toToml(settings);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
      file.write(text.data(), static_cast<qint64>(text.size())) !=
          static_cast<qint64>(text.size())) {
    status_->setText(tr("Cannot write %1.").arg(QDir::toNativeSeparators(path)));
    return false;
  }
  status_->setText(tr("Saved %1.").arg(QFileInfo(path).fileName()));
  return true;
}

}  // namespace spanforge::ui
