#pragma once

#include "text/span.h"

#include <QObject>
#include <QPointer>

#include <cstdint>

class QAction;
class QMainWindow;
class QMenu;

namespace spanforge::ui {

class AnnotationSession;
class DocumentBrowser;
class EvaluationView;
class ModelToolBar;
class ModelTrust;
class RankingController;
class ReviewQueueView;
class ServeDialog;
class SpanEditor;
class SuggestionController;

// Model in the loop, composed for the main window: suggestions in the span
// editor, ranking the pool and "next most informative", the review queue
// and the evaluation view (bottom docks), the Model menu and toolbar. It
// follows the project's current model. The window adds the menu, passes the
// session and opens the documents asked for (documentRequested).
class ModelLoop : public QObject {
  Q_OBJECT

 public:
  ModelLoop(QMainWindow* window, SpanEditor* editor, DocumentBrowser* browser);
  ~ModelLoop() override;

  // Asked before the project's current model is loaded (see ModelTrust).
  void setTrust(ModelTrust* trust);
  // After the editor pane and the browser have theirs; nullptr: none.
  void setSession(AnnotationSession* session);

  QMenu* menu() const { return menu_; }
  ModelToolBar* toolBar() const { return toolBar_; }
  SuggestionController* suggestions() const { return suggestions_; }
  RankingController* ranking() const { return ranking_; }
  ReviewQueueView* reviewQueue() const { return review_; }
  EvaluationView* evaluation() const { return evaluation_; }
  QAction* nextAction() const { return next_; }
  QAction* acceptAllAction() const { return acceptAll_; }
  QAction* rankAction() const { return rank_; }
  QAction* serveAction() const { return serve_; }
  QAction* autoAcceptAction() const { return autoAccept_; }
  // Model > Serve Current Model's window, once opened; nullptr before.
  ServeDialog* serveDialog() const { return serveDialog_; }

 public slots:
  // Reads the project's current model again ("Use This Model").
  void reloadModel();
  void nextMostInformative();
  void showServeDialog();
  // Model > Accept Suggestions Automatically: the threshold, with the
  // precision the last evaluation gives it.
  void showAutoAcceptDialog();

 signals:
  // The window opens the document (selecting it in the browser when listed).
  void documentRequested(qint64 id);
  void message(const QString& text);

 private:
  void createActions();
  void updateActions();
  void updateRanking();
  // Opens a document and selects a span of it (a suggestion when it is one).
  void show(qint64 id, const text::Span& span, bool focus);

  SpanEditor* editor_;
  DocumentBrowser* browser_;
  QPointer<AnnotationSession> session_;
  SuggestionController* suggestions_;
  RankingController* ranking_;
  ReviewQueueView* review_;
  EvaluationView* evaluation_;
  QMenu* menu_ = nullptr;
  ModelToolBar* toolBar_ = nullptr;
  QAction* predict_ = nullptr;
  QAction* acceptAll_ = nullptr;
  QAction* rank_ = nullptr;
  QAction* cancelRank_ = nullptr;
  QAction* next_ = nullptr;
  QAction* serve_ = nullptr;
  QAction* autoAccept_ = nullptr;
  ServeDialog* serveDialog_ = nullptr;
  QMainWindow* window_;
};

}  // namespace spanforge::ui
