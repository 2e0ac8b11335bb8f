#pragma once

#include <QObject>
#include <QPointer>

class QWidget;

namespace spanforge::ui {

class AnnotationSession;
class TrainingPanel;

// The data checks' "Fix What Can Be Fixed": plans project::DataFixes over the
// open project, says what they will change and asks, applies them through
// the session as one undo step, then runs the data checks again.
class DataFixPrompt : public QObject {
  Q_OBJECT

 public:
  DataFixPrompt(TrainingPanel* panel, QWidget* window);

  // The open project's session; null when none is open.
  void setSession(AnnotationSession* session) { session_ = session; }

 public slots:
  // True when fixes were applied.
  bool run();

 private:
  TrainingPanel* panel_;
  QWidget* window_;
  QPointer<AnnotationSession> session_;
};

}  // namespace spanforge::ui
