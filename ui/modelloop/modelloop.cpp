#include "modelloop/modelloop.h"

#include "active/devevaluator.h"
#include "active/strategy.h"
#include "documents/documentbrowser.h"
#include "editor/editorshortcuts.h"
#include "editor/spaneditor.h"
#include "modelloop/autoacceptdialog.h"
#include "modelloop/evaluation/evaluationview.h"
#include "modelloop/modeltoolbar.h"
#include "modelloop/rankingcontroller.h"
#include "modelloop/review/reviewqueueview.h"
#include "modelloop/serve/servedialog.h"
#include "modelloop/suggestioncontroller.h"
#include "session/annotationsession.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QMainWindow>
#include <QMenu>

namespace spanforge::ui {

ModelLoop::ModelLoop(QMainWindow* window, SpanEditor* editor, DocumentBrowser* browser)
    : QObject(window),
      editor_(editor),
      browser_(browser),
      suggestions_(new SuggestionController(editor, this)),
      ranking_(new RankingController(this)),
      // Parents until the window puts them into their workspaces.
      review_(new ReviewQueueView(window)),
      evaluation_(new EvaluationView(window)),
      window_(window) {
  createActions();
  toolBar_ = new ModelToolBar({predict_, acceptAll_, rank_, cancelRank_, next_}, window);
  window->addToolBar(Qt::TopToolBarArea, toolBar_);

  menu_ = new QMenu(tr("&Model"), window);
  menu_->addActions({predict_, acceptAll_, autoAccept_});
  menu_->addSeparator();
  menu_->addActions({rank_, cancelRank_, next_});
  menu_->addSeparator();
  menu_->addAction(serve_);

  connect(suggestions_, &SuggestionController::message, this, &ModelLoop::message);
  connect(ranking_, &RankingController::message, this, &ModelLoop::message);
  connect(review_, &ReviewQueueView::message, this, &ModelLoop::message);
  connect(evaluation_, &EvaluationView::message, this, &ModelLoop::message);
  connect(review_, &ReviewQueueView::documentRequested, this, &ModelLoop::show);
  connect(evaluation_, &EvaluationView::documentRequested, this, &ModelLoop::show);
  connect(suggestions_, &SuggestionController::modelChanged, this, [this] {
    const auto& model = suggestions_->model();
    ranking_->setModel(model);
    review_->setModel(model);
    evaluation_->setModel(model);
    toolBar_->setModelName(model ? QString::fromStdString(model->name) : QString());
    if (serveDialog_)
      serveDialog_->setModel(model ? QString::fromStdString(model->path) : QString(),
                             model ? QString::fromStdString(model->name) : QString());
    updateActions();
    updateRanking();
  });
  connect(suggestions_, &SuggestionController::busyChanged, this, &ModelLoop::updateActions);
  connect(ranking_, &RankingController::runningChanged, this, [this](bool running) {
    toolBar_->setRanking(running);
    updateActions();
  });
  connect(ranking_, &RankingController::progressed, this,
          [this](qint64 done, qint64 total) { toolBar_->setRanking(true, done, total); });
  connect(ranking_, &RankingController::rankingChanged, this, [this] {
    updateRanking();
    suggestions_->refresh();  // a ranking stores new predictions
    review_->reload();
  });
  connect(toolBar_->strategyCombo(), &QComboBox::currentIndexChanged, this, [this] {
    const auto s =
        active::parseStrategy(toolBar_->strategyCombo()->currentData().toString().toStdString());
    if (s) ranking_->setStrategy(*s);
  });
  connect(toolBar_->nearDuplicates(), &QCheckBox::toggled, ranking_,
          &RankingController::setSkipNearDuplicates);
  updateActions();
}

ModelLoop::~ModelLoop() = default;

void ModelLoop::createActions() {
  // The tool bar shows the short names (iconText), so that it fits 1024 px.
  predict_ = new QAction(tr("&Predict This Document"), this);
  predict_->setIconText(tr("Predict"));
  predict_->setShortcut(EditorShortcuts::predictDocument());
  predict_->setToolTip(tr("Suggestions for the open document from the current model (%1)")
                           .arg(predict_->shortcut().toString(QKeySequence::NativeText)));
  acceptAll_ = new QAction(tr("&Accept All Suggestions"), this);
  acceptAll_->setIconText(tr("Accept All"));
  acceptAll_->setShortcut(EditorShortcuts::acceptAllSuggestions());
  acceptAll_->setToolTip(tr("Make every suggestion of the open document gold (%1)")
                             .arg(acceptAll_->shortcut().toString(QKeySequence::NativeText)));
  rank_ = new QAction(tr("&Rank Pool"), this);
  rank_->setToolTip(
      tr("Rank every unlabelled document by how much the model would learn "
         "from it (in the background); before any model, by its pattern matches"));
  cancelRank_ = new QAction(tr("&Cancel Ranking"), this);
  cancelRank_->setIconText(tr("Cancel"));
  next_ = new QAction(tr("&Next Most Informative"), this);
  next_->setShortcut(EditorShortcuts::nextInformative());
  next_->setToolTip(tr("Open the highest-ranked unlabelled document (%1)")
                        .arg(next_->shortcut().toString(QKeySequence::NativeText)));
  connect(predict_, &QAction::triggered, suggestions_, &SuggestionController::predictThis);
  connect(acceptAll_, &QAction::triggered, suggestions_, &SuggestionController::acceptAll);
  connect(rank_, &QAction::triggered, ranking_, &RankingController::start);
  connect(cancelRank_, &QAction::triggered, ranking_, &RankingController::cancel);
  connect(next_, &QAction::triggered, this, &ModelLoop::nextMostInformative);
  autoAccept_ = new QAction(tr("Accept Suggestions A&utomatically…"), this);
  autoAccept_->setToolTip(
      tr("Accept suggestions above a calibrated score as they appear (off until you set it)"));
  connect(autoAccept_, &QAction::triggered, this, &ModelLoop::showAutoAcceptDialog);
  serve_ = new QAction(tr("&Serve Current Model…"), this);
  serve_->setToolTip(
      tr("Answer predictions over HTTP for scripts, services or Label Studio's ML backend"));
  connect(serve_, &QAction::triggered, this, &ModelLoop::showServeDialog);
}

void ModelLoop::showServeDialog() {
  if (!serveDialog_) serveDialog_ = new ServeDialog(window_);
  const auto& model = suggestions_->model();
  serveDialog_->setModel(model ? QString::fromStdString(model->path) : QString(),
                         model ? QString::fromStdString(model->name) : QString());
  serveDialog_->show();
  serveDialog_->raise();
  serveDialog_->activateWindow();
}

void ModelLoop::showAutoAcceptDialog() {
  const active::DevEvaluation* last = evaluation_->evaluation();
  AutoAcceptDialog dialog(suggestions_->autoAccept(),
                          last ? last->spans : std::vector<train::SpanOutcome>{}, window_);
  if (dialog.exec() != QDialog::Accepted) return;
  const auto threshold = dialog.threshold();
  suggestions_->setAutoAccept(threshold);
  autoAccept_->setText(
      threshold
          ? tr("Accept Suggestions A&utomatically… (on, %1 or more)").arg(*threshold, 0, 'f', 2)
          : tr("Accept Suggestions A&utomatically…"));
  emit message(threshold ? tr("Suggestions scored %1 or more are now accepted as they appear.")
                               .arg(*threshold, 0, 'f', 2)
                         : tr("Suggestions are no longer accepted automatically."));
}

void ModelLoop::setSession(AnnotationSession* session) {
  session_ = session;
  browser_->setRanking(nullptr, 0, {});  // before the ranking repository goes
  review_->setSession(session);
  evaluation_->setSession(session);
  ranking_->setProject(session ? &session->project() : nullptr);
  suggestions_->setSession(session);  // reads the current model: modelChanged
}

void ModelLoop::setTrust(ModelTrust* trust) { suggestions_->setTrust(trust); }

void ModelLoop::reloadModel() { suggestions_->reloadModel(); }

void ModelLoop::updateActions() {
  const bool model = session_ && suggestions_->model();
  predict_->setEnabled(model && !suggestions_->predicting());
  acceptAll_->setEnabled(session_ != nullptr);  // pattern matches come without a model
  // Before any model, Rank Pool matches the pool with the pattern sets.
  rank_->setEnabled(session_ && !ranking_->running());
  // Before any model, pattern matches choose the next document.
  next_->setEnabled(session_ != nullptr);
}

void ModelLoop::updateRanking() {
  const auto info = ranking_->ranking();
  const auto& model = suggestions_->model();
  if (info && model)
    browser_->setRanking(ranking_->repository(), model->id, QString::fromStdString(info->strategy));
  else
    browser_->setRanking(nullptr, 0, {});
}

void ModelLoop::nextMostInformative() {
  const int64_t id = ranking_->next(editor_->documentId());
  if (!id) return;
  emit documentRequested(id);
  editor_->setFocus(Qt::ShortcutFocusReason);
}

void ModelLoop::show(qint64 id, const text::Span& span, bool focus) {
  if (editor_->documentId() != id) emit documentRequested(id);
  if (editor_->documentId() != id) return;
  int found = -1;
  for (int i = 0; i < editor_->suggestionCount(); ++i)
    if (editor_->suggestion(i).span == span) found = i;
  if (found >= 0)
    editor_->selectSuggestion(found);
  else
    editor_->selectRange(span);
  if (focus) editor_->setFocus(Qt::OtherFocusReason);
}

}  // namespace spanforge::ui
