#pragma once

#include "common/jobtracker.h"

#include <QDialog>

#include <memory>

class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace spanforge::ui {

class AnnotationSession;
class PatternSetModel;
class PatternStatsModel;
class TaskWorker;
class WorkerThread;

// Labels > Patterns and Term Lists: the project's pattern sets (spaCy/Prodigy
// patterns files, term lists) and, for the selected one, each pattern with its
// matches, accepted and rejected, so that bad patterns can be found and pruned.
// Import, export and Apply to Pool run on a worker thread with their own
// connection; a set is switched on or off, or removed, at once.
class PatternSetsDialog : public QDialog {
  Q_OBJECT

 public:
  explicit PatternSetsDialog(AnnotationSession& session, QWidget* parent = nullptr);
  ~PatternSetsDialog() override;

  QTableView* setsView() const { return sets_; }
  QTableView* patternsView() const { return patterns_; }
  PatternSetModel* setModel() const { return setModel_; }
  PatternStatsModel* statsModel() const { return statsModel_; }
  QPushButton* applyButton() const { return apply_; }
  QString messageText() const;
  bool busy() const { return jobs_.isRunning(); }

  // The steps behind the buttons, with the file already chosen (tests call them).
  void importPatterns(const QString& file);
  void importTerms(const QString& file, const QString& label, bool caseFold);
  void exportSelected(const QString& file, bool asPatterns);
  void applyToPool();
  void removeSelected();

 signals:
  // Suggestions from patterns changed (a set applied, removed or switched).
  void patternsChanged();

 private:
  void reload();
  void showPatterns();
  void chooseImportPatterns();
  void chooseImportTerms();
  void chooseExport();
  void setEnabled(qint64 setId, bool enabled);
  void run(const QString& doing, std::function<QString()> task);
  void finished(int job, const QString& error);
  void say(const QString& text, bool error = false);
  void updateButtons();
  int selectedRow() const;

  AnnotationSession& session_;
  QString projectPath_;
  PatternSetModel* setModel_;
  PatternStatsModel* statsModel_;
  QSortFilterProxyModel* statsSorted_;
  QTableView* sets_;
  QTableView* patterns_;
  QPushButton* importPatterns_;
  QPushButton* importTerms_;
  QPushButton* export_;
  QPushButton* remove_;
  QPushButton* apply_;
  QLabel* message_;
  TaskWorker* worker_;
  std::unique_ptr<WorkerThread> thread_;
  JobTracker jobs_;
  std::shared_ptr<QString> result_;    // what the running job reports on success
  std::shared_ptr<int64_t> imported_;  // the set an import stored, to select
  bool changesSuggestions_ = false;    // the running job changes them
};

}  // namespace spanforge::ui
