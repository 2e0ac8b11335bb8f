#pragma once

#include "common/jobtracker.h"

#include <QString>
#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;

namespace spanforge::ui {

class TaskWorker;
class WorkerThread;

// Pretrained word vectors for a new model (model.vectors): none, or a GloVe,
// word2vec or fastText text file. A chosen file is read on a worker thread,
// and the page shows its size, its words and dimensions and how much of the
// project's vocabulary (every document's words) it covers, or why it cannot
// be used. Reading again for a newer file drops the older result (job ids).
class VectorsChooser : public QWidget {
  Q_OBJECT
 public:
  explicit VectorsChooser(QWidget* parent = nullptr);
  ~VectorsChooser() override;

  // Coverage is measured over this project's documents; empty: none.
  void setProjectPath(const QString& path);
  // Empty for none; a file is read in the background.
  void setFile(const QString& file);
  QString file() const { return file_; }
  bool isReading() const { return jobs_.isRunning(); }
  // Why the file cannot be used; empty when it can, while it is read, or for none.
  QString error() const { return error_; }

  QPushButton* chooseButton() const { return choose_; }
  QPushButton* noneButton() const { return none_; }
  QLabel* summaryLabel() const { return summary_; }

 signals:
  void changed();             // the file, or what is known of it
  void chosen(QString file);  // the user picked a file in the dialog, or None ("")

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  struct Reading;
  void choose();
  void read();
  void finished(int job, const QString& error);
  void showSummary(const QString& text, bool isError);
  void fitSummary();

  QPushButton* choose_;
  QPushButton* none_;
  QLabel* summary_;
  QString file_;
  QString projectPath_;
  QString error_;
  JobTracker jobs_;
  std::shared_ptr<Reading> reading_;  // filled by the current job
  TaskWorker* worker_;
  std::unique_ptr<WorkerThread> thread_;
};

}  // namespace spanforge::ui
