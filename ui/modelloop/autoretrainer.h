#pragma once

#include "active/alretrain.h"

#include <QObject>
#include <QPointer>

#include <cstdint>

class QAction;
class QSettings;
class QWidget;

namespace spanforge::ui {

class AnnotationSession;
class ModelLoop;
class TrainingPanel;
struct TrainingOutcome;

// Retrains in the background as people label: after every N documents that
// became accepted it starts a run on the training panel (a stored run the
// dashboard shows, with the panel's settings), from random weights by default
// (Ash & Adams 2020: warm starts can cost generalisation; the README's AL table
// measures both), or continuing from the current model's package when asked
// to. A run that ends well becomes the current
// model (as Use This Model) and the pool is ranked again with the chosen
// strategy. While another check or run is going the round waits for it.
// On/off, N and from-scratch are kept in QSettings.
class AutoRetrainer : public QObject {
  Q_OBJECT

 public:
  static constexpr int kDefaultEvery = 20;
  // What al-simulate starts each round from by default (the reasons are there).
  static constexpr bool kFromScratchByDefault =
      active::defaultAlRetrain(false) != active::AlRetrain::Warm;

  AutoRetrainer(TrainingPanel* panel, ModelLoop* loop, QSettings& settings,
                QObject* parent = nullptr);

  // nullptr: no project. Counting starts from the documents accepted now.
  void setSession(AnnotationSession* session);

  bool isEnabled() const { return enabled_; }
  int every() const { return every_; }
  // Documents accepted since the last round started (or since enabling).
  int64_t pending() const;
  bool fromScratch() const { return fromScratch_; }
  bool roundRunning() const { return running_; }
  int rounds() const { return rounds_; }

  // Checkable "Retrain Automatically", "Retrain Every N…" (asks for N) and
  // checkable "Start Each Round From Scratch".
  QAction* enableAction() const { return enable_; }
  QAction* everyAction() const { return everyAction_; }
  QAction* fromScratchAction() const { return fromScratchAction_; }

 public slots:
  void setEnabled(bool enabled);
  void setEvery(int every);
  void setFromScratch(bool fromScratch);
  // Asks for N in a dialog over `parent`.
  void askEvery(QWidget* parent);

 signals:
  void roundStarted(int round);
  // A round's run ended; modelId 0 when it produced no model to use.
  void roundFinished(int round, qint64 modelId);
  void message(const QString& text);

 private:
  int64_t accepted() const;
  void maybeStart();
  void onTrainingFinished(const TrainingOutcome& outcome);
  void rank();
  void updateActions();

  TrainingPanel* panel_;
  ModelLoop* loop_;
  QSettings& settings_;
  QPointer<AnnotationSession> session_;
  QAction* enable_;
  QAction* everyAction_;
  QAction* fromScratchAction_;
  bool enabled_ = false;
  bool fromScratch_ = kFromScratchByDefault;
  int every_ = kDefaultEvery;
  int64_t baseline_ = 0;       // accepted documents when counting (re)started
  int64_t roundBaseline_ = 0;  // the baseline before the running round, restored if it fails
  bool running_ = false;
  bool rankWanted_ = false;  // rank once the running (cancelled) ranking ends
  int64_t rankModel_ = 0;
  int rounds_ = 0;
};

}  // namespace spanforge::ui
