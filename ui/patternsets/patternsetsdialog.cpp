#include "patternsets/patternsetsdialog.h"

#include "io/outputtarget.h"

#include "common/nativepath.h"
#include "common/taskworker.h"
#include "common/workerthread.h"
#include "patternsets/patternsetmodel.h"
#include "patternsets/patternstatsmodel.h"
#include "patternsets/termlistimportdialog.h"
#include "project/patternlibrary.h"
#include "session/annotationsession.h"
#include "store/projectstore.h"

#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <fstream>
#include <map>

namespace spanforge::ui {
namespace {

QTableView* patternTable(QWidget* parent) {
  auto* view = new QTableView(parent);
  view->setSelectionBehavior(QAbstractItemView::SelectRows);
  view->setSelectionMode(QAbstractItemView::SingleSelection);
  view->verticalHeader()->hide();
  view->setWordWrap(false);
  view->horizontalHeader()->setHighlightSections(false);
  return view;
}

}  // namespace

PatternSetsDialog::PatternSetsDialog(AnnotationSession& session, QWidget* parent)
    : QDialog(parent),
      session_(session),
      projectPath_(QFile::decodeName(session.project().path().c_str())),
      setModel_(new PatternSetModel(this)),
      statsModel_(new PatternStatsModel(this)),
      statsSorted_(new QSortFilterProxyModel(this)),
      sets_(patternTable(this)),
      patterns_(patternTable(this)),
      importPatterns_(new QPushButton(tr("Import &Patterns…"), this)),
      importTerms_(new QPushButton(tr("Import &Term List…"), this)),
      export_(new QPushButton(tr("&Export…"), this)),
      remove_(new QPushButton(tr("&Remove…"), this)),
      apply_(new QPushButton(tr("&Apply to Pool"), this)),
      message_(new QLabel(this)),
      worker_(new TaskWorker),
      thread_(std::make_unique<WorkerThread>(worker_)) {
  setWindowTitle(tr("Patterns and Term Lists"));
  auto* intro = new QLabel(
      tr("Patterns (spaCy/Prodigy patterns JSONL) and term lists (a term a line) suggest labels "
         "before any model is trained. Apply to Pool matches the unlabelled documents; their "
         "matches are accepted or rejected in the editor like the model's suggestions, and the "
         "figures below show which patterns people keep rejecting."),
      this);
  intro->setWordWrap(true);
  sets_->setModel(setModel_);
  sets_->horizontalHeader()->setSectionResizeMode(PatternSetModel::Name,
                                                  QHeaderView::ResizeToContents);
  sets_->horizontalHeader()->setSectionResizeMode(PatternSetModel::Patterns,
                                                  QHeaderView::ResizeToContents);
  sets_->horizontalHeader()->setStretchLastSection(true);
  statsSorted_->setSourceModel(statsModel_);
  statsSorted_->setSortRole(PatternStatsModel::SortRole);
  patterns_->setModel(statsSorted_);
  patterns_->setSortingEnabled(true);
  patterns_->sortByColumn(PatternStatsModel::Line, Qt::AscendingOrder);
  patterns_->horizontalHeader()->setSectionResizeMode(PatternStatsModel::Pattern,
                                                      QHeaderView::Stretch);
  for (int c : {int(PatternStatsModel::Line), int(PatternStatsModel::Label),
                int(PatternStatsModel::Matches), int(PatternStatsModel::Accepted),
                int(PatternStatsModel::Rejected), int(PatternStatsModel::Precision)})
    patterns_->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
  message_->setWordWrap(true);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  apply_->setToolTip(tr("Match the unlabelled documents with the sets that are on"));

  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(sets_);
  split->addWidget(patterns_);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 3);
  auto* buttons = new QHBoxLayout;
  for (QPushButton* b : {importPatterns_, importTerms_, export_, remove_}) buttons->addWidget(b);
  buttons->addStretch(1);
  buttons->addWidget(apply_);
  auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addWidget(split, 1);
  layout->addLayout(buttons);
  layout->addWidget(message_);
  layout->addWidget(close);
  resize(900, 600);

  connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(importPatterns_, &QPushButton::clicked, this, &PatternSetsDialog::chooseImportPatterns);
  connect(importTerms_, &QPushButton::clicked, this, &PatternSetsDialog::chooseImportTerms);
  connect(export_, &QPushButton::clicked, this, &PatternSetsDialog::chooseExport);
  connect(remove_, &QPushButton::clicked, this, &PatternSetsDialog::removeSelected);
  connect(apply_, &QPushButton::clicked, this, &PatternSetsDialog::applyToPool);
  connect(setModel_, &PatternSetModel::enabledToggled, this, &PatternSetsDialog::setEnabled);
  connect(sets_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          &PatternSetsDialog::showPatterns);
  connect(worker_, &TaskWorker::finished, this, &PatternSetsDialog::finished);
  reload();
}

// A job still running finishes first (WorkerThread waits); its result is dropped.
PatternSetsDialog::~PatternSetsDialog() = default;

QString PatternSetsDialog::messageText() const { return message_->text(); }

int PatternSetsDialog::selectedRow() const {
  const QModelIndex current = sets_->selectionModel()->currentIndex();
  return current.isValid() ? current.row() : -1;
}

void PatternSetsDialog::reload() {
  const int row = selectedRow();
  // A set just imported is selected, its patterns shown; else the one that was.
  int64_t keep = row >= 0 ? setModel_->set(row).id : 0;
  if (imported_ && *imported_ > 0) {
    keep = *imported_;
    imported_.reset();
  }
  setModel_->setSets(session_.project().patterns().sets());
  const int again = keep ? setModel_->rowOf(keep) : -1;
  const int select = again >= 0 ? again : (setModel_->rowCount() > 0 ? 0 : -1);
  if (select >= 0)
    sets_->selectionModel()->setCurrentIndex(
        setModel_->index(select, 0),
        QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
  showPatterns();
  updateButtons();
}

void PatternSetsDialog::showPatterns() {
  const int row = selectedRow();
  std::vector<PatternStatsModel::Row> rows;
  if (row >= 0) {
    auto& repo = session_.project().patterns();
    const int64_t id = setModel_->set(row).id;
    std::map<int64_t, store::PatternCounts> counts;
    for (const auto& c : repo.counts(id)) counts[c.patternId] = c;
    for (const auto& p : repo.patterns(id)) rows.push_back({p, counts[p.id]});
  }
  statsModel_->setRows(std::move(rows));
  updateButtons();
}

void PatternSetsDialog::updateButtons() {
  const bool idle = !jobs_.isRunning();
  const bool selected = selectedRow() >= 0;
  importPatterns_->setEnabled(idle);
  importTerms_->setEnabled(idle);
  export_->setEnabled(idle && selected);
  remove_->setEnabled(idle && selected);
  apply_->setEnabled(idle && setModel_->rowCount() > 0);
}

void PatternSetsDialog::say(const QString& text, bool error) {
  message_->setText(text);
  message_->setStyleSheet(error ? QStringLiteral("color: #c0392b;") : QString());
}

void PatternSetsDialog::chooseImportPatterns() {
  const QString file =
      QFileDialog::getOpenFileName(this, tr("Import Patterns"), QString(),
                                   tr("spaCy/Prodigy patterns (*.jsonl *.json);;All files (*)"));
  if (!file.isEmpty()) importPatterns(file);
}

void PatternSetsDialog::chooseImportTerms() {
  std::vector<std::string> labels;
  for (const auto& l : session_.labels()) labels.push_back(l.name);
  TermListImportDialog options(labels, this);
  if (options.exec() != QDialog::Accepted) return;
  const QString file = QFileDialog::getOpenFileName(this, tr("Import Term List"), QString(),
                                                    tr("Term lists (*.txt);;All files (*)"));
  if (!file.isEmpty()) importTerms(file, options.label(), options.caseFold());
}

void PatternSetsDialog::chooseExport() {
  const int row = selectedRow();
  if (row < 0) return;
  const auto& set = setModel_->set(row);
  const bool terms = set.kind == store::PatternSetRecord::kTerms;
  QString filter =
      terms ? tr("Term list (*.txt);;As patterns JSONL (*.jsonl)") : tr("Patterns JSONL (*.jsonl)");
  QString chosen;
  const QString file = QFileDialog::getSaveFileName(
      this, tr("Export Pattern Set"), QString::fromStdString(set.name), filter, &chosen);
  if (!file.isEmpty()) exportSelected(file, terms && chosen.contains(QLatin1String("jsonl")));
}

void PatternSetsDialog::importPatterns(const QString& file) {
  const std::string path = nativePath(projectPath_), input = nativePath(file);
  auto result = result_ = std::make_shared<QString>();
  changesSuggestions_ = false;
  auto imported = imported_ = std::make_shared<int64_t>(0);
  run(tr("Reading %1…").arg(QFileInfo(file).fileName()), [path, input, result, imported] {
    const auto project = store::ProjectStore::open(path);
    const auto set = project::PatternLibrary(*project).import({input, "", false, "", false});
    *imported = set.id;
    *result = tr("Stored \"%1\": %2 patterns. Apply to Pool matches them with the documents.")
                  .arg(QString::fromStdString(set.name))
                  .arg(set.patterns);
    return QString();
  });
}

void PatternSetsDialog::importTerms(const QString& file, const QString& label, bool caseFold) {
  const std::string path = nativePath(projectPath_), input = nativePath(file);
  const std::string name = label.toStdString();
  auto result = result_ = std::make_shared<QString>();
  changesSuggestions_ = false;
  auto imported = imported_ = std::make_shared<int64_t>(0);
  run(tr("Reading %1…").arg(QFileInfo(file).fileName()), [path, input, name, caseFold, result,
                                                          imported] {
    const auto project = store::ProjectStore::open(path);
    const auto set = project::PatternLibrary(*project).import({input, "", true, name, caseFold});
    *imported = set.id;
    *result = tr("Stored \"%1\": %2 terms labelled %3. Apply to Pool matches them with the "
                 "documents.")
                  .arg(QString::fromStdString(set.name))
                  .arg(set.patterns)
                  .arg(QString::fromStdString(name));
    return QString();
  });
}

void PatternSetsDialog::exportSelected(const QString& file, bool asPatterns) {
  const int row = selectedRow();
  if (row < 0) return;
  const std::string path = nativePath(projectPath_), output = nativePath(file);
  const std::string name = setModel_->set(row).name;
  auto result = result_ = std::make_shared<QString>();
  changesSuggestions_ = false;
  run(tr("Writing %1…").arg(QFileInfo(file).fileName()),
      [path, output, name, asPatterns, result, file] {
        // A file dialog lets the user pick the open project itself.
        io::OutputTarget(output, "the export file").notProject(path);
        const auto project = store::ProjectStore::open(path, store::ProjectStore::Access::ReadOnly);
        std::ofstream out(output, std::ios::binary | std::ios::trunc);
        if (!out) return tr("cannot create %1").arg(file);
        project::PatternLibrary(*project).exportSet(name, out, asPatterns);
        if (!out.flush()) return tr("cannot write %1").arg(file);
        *result = tr("Wrote %1.").arg(file);
        return QString();
      });
}

void PatternSetsDialog::applyToPool() {
  const std::string path = nativePath(projectPath_);
  auto result = result_ = std::make_shared<QString>();
  changesSuggestions_ = true;
  run(tr("Matching the unlabelled documents…"), [path, result] {
    QElapsedTimer timer;
    timer.start();
    const auto project = store::ProjectStore::open(path);
    const auto r = project::PatternLibrary(*project).apply();
    const QLocale locale;
    *result = tr("Matched %1 unlabelled documents: %2 suggestions (%3 s).")
                  .arg(locale.toString(static_cast<qlonglong>(r.documents)),
                       locale.toString(static_cast<qlonglong>(r.matches)),
                       locale.toString(timer.elapsed() / 1000.0, 'f', 1));
    return QString();
  });
}

void PatternSetsDialog::removeSelected() {
  const int row = selectedRow();
  if (row < 0) return;
  const auto set = setModel_->set(row);
  const auto answer = QMessageBox::question(
      this, tr("Remove Pattern Set"),
      tr("Remove \"%1\" and its suggestions? Spans accepted from it stay labelled.")
          .arg(QString::fromStdString(set.name)));
  if (answer != QMessageBox::Yes) return;
  try {
    session_.project().patterns().removeSet(set.id);
    say(tr("Removed \"%1\".").arg(QString::fromStdString(set.name)));
  } catch (const std::exception& e) {
    say(tr("Cannot remove \"%1\": %2").arg(QString::fromStdString(set.name), e.what()), true);
  }
  reload();
  emit patternsChanged();
}

void PatternSetsDialog::setEnabled(qint64 setId, bool enabled) {
  try {
    session_.project().patterns().setEnabled(setId, enabled);
  } catch (const std::exception& e) {
    say(tr("Cannot change the set: %1").arg(QString::fromUtf8(e.what())), true);
  }
  reload();
  emit patternsChanged();
}

void PatternSetsDialog::run(const QString& doing, std::function<QString()> task) {
  const int job = jobs_.start();
  say(doing);
  updateButtons();
  TaskWorker* worker = worker_;
  QMetaObject::invokeMethod(
      worker, [worker, job, task] { worker->run(job, task); }, Qt::QueuedConnection);
}

void PatternSetsDialog::finished(int job, const QString& error) {
  if (!jobs_.finish(job)) return;
  if (error.isEmpty())
    say(*result_);
  else
    say(error, true);
  session_.reload();  // labels an import added
  reload();
  if (error.isEmpty() && changesSuggestions_) emit patternsChanged();
}

}  // namespace spanforge::ui
