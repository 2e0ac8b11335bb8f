#pragma once

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTimer;

namespace spanforge::ui {

class ServeController;

// Model > Serve Current Model: starts and stops an HTTP server for the
// project's current model (what `spanforge-cli serve` runs) and shows its
// URL, for a script, a service or Label Studio's ML backend. The server runs
// while the window is open; closing it stops the server.
class ServeDialog : public QDialog {
  Q_OBJECT

 public:
  explicit ServeDialog(QWidget* parent = nullptr);
  ~ServeDialog() override;

  // The model to serve; an empty path: none (Start is disabled).
  void setModel(const QString& path, const QString& name);

  ServeController* controller() const { return controller_; }
  QComboBox* host() const { return host_; }
  QSpinBox* port() const { return port_; }
  QPushButton* startButton() const { return start_; }
  QLineEdit* url() const { return url_; }
  QLabel* status() const { return status_; }

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void toggle();
  void updateState();

  ServeController* controller_;
  QString modelPath_;
  QString modelName_;
  QLabel* model_;
  QComboBox* host_;
  QSpinBox* port_;
  QSpinBox* threads_;
  QLabel* warning_;
  QPushButton* start_;
  QLineEdit* url_;
  QPushButton* copy_;
  QLabel* status_;
  QTimer* refresh_;
};

}  // namespace spanforge::ui
