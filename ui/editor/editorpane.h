#pragma once

#include <QPointer>
#include <QWidget>

class QLabel;

namespace spanforge::ui {

class AnnotationSession;
class DocumentHeader;
class HelpOverlay;
class LabelLegend;
class SpanEditor;

// The centre of the main window: the label bar, the open document's header
// line and the span editor, with the key help overlay on top. It connects
// these to the session: the editor's requests become session actions, the
// session's changes update the views.
class EditorPane : public QWidget {
  Q_OBJECT

 public:
  explicit EditorPane(QWidget* parent = nullptr);

  // nullptr: no project open.
  void setSession(AnnotationSession* session);

  SpanEditor* editor() const { return editor_; }
  LabelLegend* legend() const { return legend_; }
  DocumentHeader* header() const { return header_; }
  HelpOverlay* help() const { return help_; }

 signals:
  void message(const QString& text);

 private:
  void showLabels();

  QPointer<AnnotationSession> session_;
  LabelLegend* legend_;
  DocumentHeader* header_;
  SpanEditor* editor_;
  HelpOverlay* help_;
  QLabel* keysHint_;
};

}  // namespace spanforge::ui
