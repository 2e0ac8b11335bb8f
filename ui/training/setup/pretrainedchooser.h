#pragma once

#include <QString>
#include <QWidget>

class QLabel;
class QPushButton;
class QRadioButton;

namespace spanforge::ui {

// Where a new model's weights start: random, or pretrained weights (a
// `spanforge-cli pretrain` output folder), with what that pretraining did
// or why the folder cannot be used. Edits model.pretrained.
class PretrainedChooser : public QWidget {
  Q_OBJECT
 public:
  explicit PretrainedChooser(QWidget* parent = nullptr);

  // An empty folder chooses random weights.
  void setFolder(const QString& folder);
  // The chosen folder; empty for random weights.
  QString folder() const;
  // Why the chosen folder cannot be used; empty when it can (or random).
  QString error() const { return error_; }

  QRadioButton* randomButton() const { return random_; }
  QRadioButton* pretrainedButton() const { return pretrained_; }
  QPushButton* chooseButton() const { return choose_; }
  QLabel* summaryLabel() const { return summary_; }
  QLabel* folderLabel() const { return folderLabel_; }

 signals:
  void changed();

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void choose();
  void elideFolder();
  void update();

  QRadioButton* random_;
  QRadioButton* pretrained_;
  QPushButton* choose_;
  QLabel* folderLabel_;
  QLabel* summary_;
  QString folder_;
  QString error_;
};

}  // namespace spanforge::ui
