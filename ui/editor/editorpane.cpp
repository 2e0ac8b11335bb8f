#include "editor/editorpane.h"

#include "editor/documentheader.h"
#include "editor/editorshortcuts.h"
#include "editor/helpoverlay.h"
#include "editor/labellegend.h"
#include "editor/spaneditor.h"
#include "session/annotationsession.h"

#include <QFrame>
#include <QLabel>
#include <QVBoxLayout>

namespace spanforge::ui {

EditorPane::EditorPane(QWidget* parent)
    : QWidget(parent),
      legend_(new LabelLegend(this)),
      header_(new DocumentHeader(this)),
      editor_(new SpanEditor(this)),
      help_(new HelpOverlay(this)),
      keysHint_(new QLabel(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  auto* rule = new QFrame(this);
  rule->setFrameShape(QFrame::HLine);
  rule->setFrameShadow(QFrame::Sunken);
  header_->setContentsMargins(int(SpanEditor::kMargin), 6, int(SpanEditor::kMargin), 4);
  editor_->setFrameShape(QFrame::NoFrame);
  layout->addWidget(legend_);
  layout->addWidget(rule);
  layout->addWidget(header_);
  layout->addWidget(editor_, 1);
  layout->addWidget(keysHint_);
  legend_->setHint(tr("Select text, then press a label key"));
  // The most used keys, always in view; F1 shows them all.
  keysHint_->setContentsMargins(int(SpanEditor::kMargin), 3, int(SpanEditor::kMargin), 4);
  keysHint_->setForegroundRole(QPalette::PlaceholderText);
  keysHint_->setBackgroundRole(QPalette::Base);
  keysHint_->setAutoFillBackground(true);
  keysHint_->setTextFormat(Qt::RichText);
  QFont small = keysHint_->font();
  small.setPointSizeF(small.pointSizeF() * 0.9);
  keysHint_->setFont(small);
  // Long lines wrap rather than widening the window (or being cut off).
  keysHint_->setWordWrap(true);
  keysHint_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  header_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  QStringList hints;
  const auto key = [](const QString& k, const QString& what) {
    return QStringLiteral("<b>%1</b>&nbsp;%2").arg(k.toHtmlEscaped(), what.toHtmlEscaped());
  };
  hints << key(tr("Enter"), tr("accept & next"))
        << key(EditorShortcuts::rejectAndNext().toString(QKeySequence::NativeText), tr("reject"))
        << key(EditorShortcuts::ignoreAndNext().toString(QKeySequence::NativeText), tr("ignore"))
        << key(EditorShortcuts::next().toString(QKeySequence::NativeText), tr("skip"))
        << key(tr("Tab"), tr("next span")) << key(tr("Del"), tr("remove span"))
        << key(QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText), tr("undo"))
        << key(tr("F1"), tr("all keys"));
  keysHint_->setText(hints.join(QStringLiteral(" &nbsp;&nbsp; ")));

  connect(legend_, &LabelLegend::labelClicked, editor_, &SpanEditor::applyLabel);
  connect(editor_, &SpanEditor::helpRequested, help_, &HelpOverlay::toggle);
  connect(editor_, &SpanEditor::messageRequested, this, &EditorPane::message);
}

void EditorPane::setSession(AnnotationSession* session) {
  if (session_) {
    disconnect(session_, nullptr, this, nullptr);
    disconnect(editor_, nullptr, session_, nullptr);
  }
  session_ = session;
  editor_->clearDocument();
  header_->clear();
  if (!session) {
    legend_->setLabels({});
    editor_->setLabels({});
    help_->setLabels({});
    return;
  }
  showLabels();
  connect(session, &AnnotationSession::documentOpened, this,
          [this](const store::StoredDocument& d) {
            editor_->setDocument(d.id, d.doc);
            header_->setDocument(d);
          });
  connect(session, &AnnotationSession::documentChanged, this,
          [this](const store::StoredDocument& d) {
            editor_->setSpans(d.doc.spans);
            header_->setDocument(d);
          });
  connect(session, &AnnotationSession::labelsChanged, this, &EditorPane::showLabels);
  connect(session, &AnnotationSession::countsChanged, this,
          [this] { legend_->setLabels(session_->labels(), session_->spanCounts()); });
  connect(editor_, &SpanEditor::spanAddRequested, session,
          [session](const text::Span& s) { session->addSpan(s); });
  connect(editor_, &SpanEditor::spanRemoveRequested, session,
          [session](const text::Span& s) { session->removeSpan(s); });
  connect(editor_, &SpanEditor::spanRelabelRequested, session,
          [session](const text::Span& s, const QString& label) {
            session->relabelSpan(s, label.toStdString());
          });
  connect(editor_, &SpanEditor::labelAllRequested, session,
          [session](const text::Span& s, bool ignoreCase) {
            session->labelAllOccurrences(s, ignoreCase);
          });
}

void EditorPane::showLabels() {
  legend_->setLabels(session_->labels(), session_->spanCounts());
  editor_->setLabels(session_->labels());
  help_->setLabels(session_->labels());
}

}  // namespace spanforge::ui
