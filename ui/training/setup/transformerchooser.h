#pragma once

#include <QString>
#include <QWidget>

class QLabel;
class QPushButton;
class QRadioButton;

namespace spanforge::ui {

// Which encoder a new model trains: Spanforge's own (BiLSTM or CNN, the
// form's model.encoder), or a pretrained transformer from a Hugging Face
// model folder, described (name, architecture, parameters, vocabulary,
// memory to fine-tune) or, when it cannot be used, why. Edits
// model.transformer; the Setup page applies the recipe on a choice.
class TransformerChooser : public QWidget {
  Q_OBJECT
 public:
  explicit TransformerChooser(QWidget* parent = nullptr);

  // An empty folder chooses Spanforge's own encoder.
  void setFolder(const QString& folder);
  QString folder() const;  // empty for Spanforge's own encoder
  // Why the chosen folder cannot be used; empty when it can (or none).
  QString error() const { return error_; }

  QRadioButton* ownButton() const { return own_; }
  QRadioButton* transformerButton() const { return transformer_; }
  QPushButton* chooseButton() const { return choose_; }
  QLabel* summaryLabel() const { return summary_; }

 signals:
  void changed();
  void chosen(QString folder);  // by the user: a folder, or "" for the own encoder

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void choose();
  void fitSummary();
  void update();

  QRadioButton* own_;
  QRadioButton* transformer_;
  QPushButton* choose_;
  QLabel* folderLabel_;
  QLabel* summary_;
  QString folder_;
  QString error_;
};

}  // namespace spanforge::ui
