#include "editor/editorshortcuts.h"

#include <QCoreApplication>

namespace spanforge::ui {

namespace {
QString tr(const char* s) { return QCoreApplication::translate("EditorShortcuts", s); }
QString native(const QKeySequence& k) { return k.toString(QKeySequence::NativeText); }
}  // namespace

QList<QKeySequence> EditorShortcuts::acceptAndNext() {
  return {QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)};
}
QKeySequence EditorShortcuts::rejectAndNext() { return QKeySequence(Qt::ALT | Qt::Key_R); }
QKeySequence EditorShortcuts::ignoreAndNext() { return QKeySequence(Qt::ALT | Qt::Key_I); }
QKeySequence EditorShortcuts::markUnlabelled() { return QKeySequence(Qt::ALT | Qt::Key_U); }
QKeySequence EditorShortcuts::next() { return QKeySequence(Qt::ALT | Qt::Key_Right); }
QKeySequence EditorShortcuts::previous() { return QKeySequence(Qt::ALT | Qt::Key_Left); }
QKeySequence EditorShortcuts::help() { return QKeySequence(Qt::Key_F1); }
QKeySequence EditorShortcuts::labelAllOccurrences() { return QKeySequence(Qt::ALT | Qt::Key_O); }
QKeySequence EditorShortcuts::labelAllOccurrencesIgnoringCase() {
  return QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key_O);
}
QKeySequence EditorShortcuts::acceptAllSuggestions() { return QKeySequence(Qt::ALT | Qt::Key_A); }
QKeySequence EditorShortcuts::predictDocument() { return QKeySequence(Qt::ALT | Qt::Key_P); }
QKeySequence EditorShortcuts::nextInformative() { return QKeySequence(Qt::ALT | Qt::Key_N); }

QVector<KeyGroup> EditorShortcuts::groups() {
  const QString undo = native(QKeySequence::Undo);
  const QString redo = native(QKeySequence::Redo);
  return {
      {tr("Select"),
       {{tr("Drag"), tr("select whole tokens")},
        {tr("Alt + drag"), tr("select exact characters")},
        {tr("Double-click"), tr("select a token")},
        {tr("Click a span"), tr("select the span")},
        {tr("← / →"), tr("previous / next token")},
        {tr("↑ / ↓"), tr("token on the line above / below")},
        {tr("Home / End"), tr("first / last token of the line")},
        {tr("Ctrl+Home / End"), tr("first / last token of the text")},
        {tr("Shift + arrows"), tr("extend the selection")},
        {tr("Tab / Shift+Tab"), tr("next / previous span")},
        {tr("Esc"), tr("clear the selection")}}},
      {tr("Label"),
       {{tr("1-9, a-z"), tr("label the selection or the span")},
        {tr("Click a label"), tr("the same, from the label bar")},
        {tr("Del / Backspace"), tr("remove the selected span")},
        {native(labelAllOccurrences()), tr("label its other occurrences too")},
        {native(labelAllOccurrencesIgnoringCase()), tr("the same, ignoring case")},
        {undo + QStringLiteral(" / ") + redo, tr("undo / redo (any document)")}}},
      {tr("Document"),
       {{tr("Enter"), tr("accept, open the next")},
        {native(rejectAndNext()), tr("reject, open the next")},
        {native(ignoreAndNext()), tr("ignore, open the next")},
        {native(markUnlabelled()), tr("mark unlabelled again")},
        {tr("Alt+→ / Alt+←"), tr("next / previous, no change")},
        {native(QKeySequence::Find), tr("search the documents")},
        {native(help()) + tr(" or ?"), tr("show or hide this help")}}},
      {tr("Model suggestions"),
       {{tr("Tab / Shift+Tab"), tr("also visit suggestions (dashed)")},
        {tr("Space / label key / Del"), tr("accept / relabel / reject one")},
        {native(acceptAllSuggestions()), tr("accept all suggestions")},
        {native(nextInformative()), tr("next most informative document")},
        {native(predictDocument()), tr("predict this document again")}}},
  };
}

}  // namespace spanforge::ui
