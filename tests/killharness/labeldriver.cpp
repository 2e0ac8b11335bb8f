#include "labeldriver.h"

#include "actionrunner.h"
#include "editordriver.h"
#include "journalwriter.h"
#include "labelactions.h"
#include "modelloop/autoretrainer.h"
#include "session/annotationsession.h"
#include "shell/mainwindow.h"
#include "spanactions.h"
#include "store/projectstore.h"
#include "train/config/tomlconfig.h"
#include "training/setup/trainingsetup.h"
#include "training/trainingpanel.h"

#include <unistd.h>

#include <QApplication>
#include <QSettings>
#include <QTest>
#include <QTimer>

#include <filesystem>

namespace spanforge::killharness {

LabelDriver::LabelDriver(Options options) : options_(std::move(options)), rng_(options_.seed) {}

LabelDriver::~LabelDriver() = default;

int LabelDriver::run() {
  journal_ = std::make_unique<JournalWriter>(options_.journal);
  journal_->write({{"t", "start"}, {"pid", ::getpid()}, {"seed", options_.seed}});
  useLatestModel();
  if (!open()) return 2;
  // The retrainer's on/off lives in the settings file, shared by every run.
  if (options_.autoRetrain > 0)
    startAutoRetrain();
  else
    window_->autoRetrainer()->setEnabled(false);
  // A modal dialog would stop the stream: close it and say so.
  QTimer modals;
  QObject::connect(&modals, &QTimer::timeout, [this] { closeModals(); });
  modals.start(200);

  int64_t done = 0;
  while (options_.actions == 0 || done < options_.actions) {
    if (step()) ++done;
    QTest::qWait(options_.pauseMs);
  }
  journal_->write(
      {{"t", "end"}, {"actions", runner_->actions()}, {"mismatches", runner_->mismatches()}});
  return runner_->mismatches() ? 1 : 0;
}

bool LabelDriver::open() {
  settings_ =
      std::make_unique<QSettings>(QString::fromStdString(options_.settings), QSettings::IniFormat);
  window_ = std::make_unique<ui::MainWindow>(*settings_);
  window_->resize(1200, 800);
  window_->show();
  if (!QTest::qWaitForWindowExposed(window_.get()) ||
      !window_->openProject(QString::fromStdString(options_.project))) {
    journal_->write({{"t", "error"}, {"what", "cannot open the project in the window"}});
    return false;
  }
  window_->activateWindow();
  (void)QTest::qWaitForWindowActive(window_.get());  // offscreen: best effort
  reader_ = store::ProjectStore::open(options_.project);
  editor_ = std::make_unique<EditorDriver>(*window_);
  ui::AnnotationSession& session = *window_->session();
  runner_ = std::make_unique<ActionRunner>(*reader_, *session.undoStack(), *editor_, *journal_);
  spans_ =
      std::make_unique<SpanActions>(*editor_, *runner_, session, *reader_, rng_, options_.baseDocs);
  labels_ = std::make_unique<LabelActions>(*runner_, session, *reader_, rng_);
  return true;
}

// As "Use This Model" on the newest package a CLI run registered (rank does):
// suggestions need a current model.
void LabelDriver::useLatestModel() {
  auto project = store::ProjectStore::open(options_.project);
  if (project->runs().currentModel()) return;
  const auto models = project->runs().models();
  for (auto it = models.rbegin(); it != models.rend(); ++it) {
    if (it->path.empty() || !std::filesystem::exists(it->path + "/meta.json")) continue;
    project->runs().setCurrentModel(it->id);
    journal_->write({{"t", "note"}, {"what", "current model " + std::to_string(it->id)}});
    return;
  }
}

void LabelDriver::startAutoRetrain() {
  window_->trainingPanel()->setup()->setConfig(train::loadConfigFile(options_.configPath));
  ui::AutoRetrainer* retrainer = window_->autoRetrainer();
  QObject::connect(retrainer, &ui::AutoRetrainer::roundStarted, [this](int round) {
    journal_->write({{"t", "round-started"}, {"round", round}});
  });
  QObject::connect(retrainer, &ui::AutoRetrainer::roundFinished, [this](int round, qint64 model) {
    journal_->write({{"t", "round"}, {"round", round}, {"model", model}});
  });
  retrainer->setEvery(options_.autoRetrain);
  retrainer->setEnabled(true);
}

void LabelDriver::closeModals() {
  while (QWidget* modal = QApplication::activeModalWidget()) {
    journal_->write(
        {{"t", "note"}, {"what", "closed dialog: " + modal->windowTitle().toStdString()}});
    modal->close();
    QApplication::processEvents();
    if (QApplication::activeModalWidget() == modal) break;
  }
}

bool LabelDriver::step() {
  // Weights: what people do most comes up most.
  static const int kWeights[] = {8, 26, 10, 8, 14, 9, 6, 5, 12, 2};
  std::discrete_distribution<int> pick(std::begin(kWeights), std::end(kWeights));
  switch (pick(rng_)) {
    case 0:
      spans_->openRandom();  // moving on is no action to journal
      return false;
    case 1:
      return spans_->addSpan();
    case 2:
      return spans_->relabel();
    case 3:
      return spans_->remove();
    case 4:
      return spans_->setStatus();
    case 5:
      return spans_->undo();
    case 6:
      return spans_->redo();
    case 7:
      return labels_->edit();
    case 8:
      if (spans_->suggestion()) return true;
      spans_->openRandom();  // look for a document with suggestions
      return false;
    default:
      return spans_->acceptAll();
  }
}

}  // namespace spanforge::killharness
