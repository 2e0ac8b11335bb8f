#include "modelloop/serve/servedialog.h"

#include "modelloop/serve/servecontroller.h"

#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

namespace spanforge::ui {
namespace {

bool isLoopback(const QString& host) {
  return host == QLatin1String("127.0.0.1") || host == QLatin1String("localhost") ||
         host == QLatin1String("::1");
}

}  // namespace

ServeDialog::ServeDialog(QWidget* parent)
    : QDialog(parent),
      controller_(new ServeController(this)),
      model_(new QLabel(this)),
      host_(new QComboBox(this)),
      port_(new QSpinBox(this)),
      threads_(new QSpinBox(this)),
      warning_(new QLabel(this)),
      start_(new QPushButton(this)),
      url_(new QLineEdit(this)),
      copy_(new QPushButton(tr("&Copy"), this)),
      status_(new QLabel(this)),
      refresh_(new QTimer(this)) {
  setWindowTitle(tr("Serve Current Model"));
  auto* intro =
      new QLabel(tr("Other programs can use the model over HTTP while this window is open: "
                    "<nobr><code>POST /predict</code></nobr> with <nobr><code>{\"texts\": "
                    "[...]}</code></nobr>, <nobr><code>GET /health</code></nobr>, "
                    "<nobr><code>GET /metrics</code></nobr>. In Label Studio, add the URL "
                    "as the project's ML backend (Settings &gt; Model) for pre-annotations."),
                 this);
  intro->setWordWrap(true);
  host_->setEditable(true);
  host_->addItems({QStringLiteral("127.0.0.1"), QStringLiteral("0.0.0.0")});
  host_->setToolTip(
      tr("127.0.0.1: only this computer. 0.0.0.0: every computer that can "
         "reach this one, with no password."));
  port_->setRange(0, 65535);
  port_->setSpecialValueText(tr("any free port"));
  port_->setValue(9090);
  threads_->setRange(1, 64);
  threads_->setValue(4);
  threads_->setToolTip(tr("Requests answered at once"));
  warning_->setWordWrap(true);
  warning_->setStyleSheet(QStringLiteral("color: #b35c00;"));
  url_->setReadOnly(true);
  url_->setPlaceholderText(tr("Not serving"));
  start_->setAutoDefault(false);
  copy_->setAutoDefault(false);
  status_->setWordWrap(true);

  auto* form = new QFormLayout;
  form->addRow(tr("Model:"), model_);
  form->addRow(tr("Listen on:"), host_);
  form->addRow(tr("Port:"), port_);
  form->addRow(tr("Threads:"), threads_);
  auto* urlRow = new QHBoxLayout;
  urlRow->addWidget(url_, 1);
  urlRow->addWidget(copy_);
  form->addRow(tr("URL:"), urlRow);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  buttons->addButton(start_, QDialogButtonBox::ActionRole);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addLayout(form);
  layout->addWidget(warning_);
  layout->addWidget(status_);
  layout->addStretch(1);
  layout->addWidget(buttons);
  resize(520, sizeHint().height());

  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
  connect(start_, &QPushButton::clicked, this, &ServeDialog::toggle);
  connect(copy_, &QPushButton::clicked, this,
          [this] { QApplication::clipboard()->setText(url_->text()); });
  connect(host_, &QComboBox::currentTextChanged, this, &ServeDialog::updateState);
  connect(controller_, &ServeController::started, this, [this](const QString& url) {
    url_->setText(url);
    status_->setText(tr("Serving. Answered 0 requests."));
    refresh_->start();
    updateState();
  });
  connect(controller_, &ServeController::failed, this, [this](const QString& error) {
    status_->setText(tr("Could not start: %1").arg(error));
    updateState();
  });
  connect(controller_, &ServeController::stopped, this, [this] {
    url_->clear();
    refresh_->stop();
    status_->setText(tr("Stopped."));
    updateState();
  });
  refresh_->setInterval(1000);
  connect(refresh_, &QTimer::timeout, this, [this] {
    const qint64 n = controller_->requests();
    status_->setText(n == 1 ? tr("Serving. Answered 1 request.")
                            : tr("Serving. Answered %1 requests.").arg(n));
  });
  updateState();
}

ServeDialog::~ServeDialog() = default;

void ServeDialog::setModel(const QString& path, const QString& name) {
  modelPath_ = path;
  modelName_ = name;
  model_->setText(path.isEmpty() ? tr("(no current model: train one first)") : name);
  model_->setToolTip(path);
  updateState();
}

void ServeDialog::toggle() {
  if (controller_->running() || controller_->starting()) {
    controller_->stop();
    updateState();
    return;
  }
  ServeController::Settings s;
  s.host = host_->currentText().trimmed();
  s.port = port_->value();
  s.threads = threads_->value();
  status_->setText(tr("Loading the model…"));
  controller_->start(modelPath_, modelName_, s);
  updateState();
}

void ServeDialog::updateState() {
  const bool busy = controller_->running() || controller_->starting();
  start_->setText(busy ? tr("&Stop") : tr("&Start"));
  start_->setEnabled(busy || !modelPath_.isEmpty());
  for (QWidget* w : {static_cast<QWidget*>(host_), static_cast<QWidget*>(port_),
                     static_cast<QWidget*>(threads_)})
    w->setEnabled(!busy);
  copy_->setEnabled(controller_->running());
  const QString host = host_->currentText().trimmed();
  warning_->setText(isLoopback(host) ? QString()
                                     : tr("Listening on %1 lets other computers use the model "
                                          "without a password. Choose it only on a network "
                                          "you trust.")
                                           .arg(host));
  warning_->setVisible(!isLoopback(host));
}

void ServeDialog::closeEvent(QCloseEvent* event) {
  controller_->stop();
  QDialog::closeEvent(event);
}

}  // namespace spanforge::ui
