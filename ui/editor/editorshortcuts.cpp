#include "editor/editorshortcuts.h"

#include <QCoreApplication>

namespace spanforge::ui {

namespace {
QString shortcutTr(const char* s) { return QCoreApplication::translate("EditorShortcuts", s); }
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
      {shortcutTr("Select"),
       {{shortcutTr("Drag"), shortcutTr("select whole tokens")},
        {shortcutTr("Alt + drag"), shortcutTr("select exact characters")},
        {shortcutTr("Double-click"), shortcutTr("select a token")},
        {shortcutTr("Click a span"), shortcutTr("select the span")},
        {shortcutTr("← / →"), shortcutTr("previous / next token")},
        {shortcutTr("↑ / ↓"), shortcutTr("token on the line above / below")},
        {shortcutTr("Home / End"), shortcutTr("first / last token of the line")},
        {shortcutTr("Ctrl+Home / End"), shortcutTr("first / last token of the text")},
        {shortcutTr("Shift + arrows"), shortcutTr("extend the selection")},
        {shortcutTr("Tab / Shift+Tab"), shortcutTr("next / previous span")},
        {shortcutTr("Esc"), shortcutTr("clear the selection")}}},
      {shortcutTr("Label"),
       {{shortcutTr("1-9, a-z"), shortcutTr("label the selection or the span")},
        {shortcutTr("Click a label"), shortcutTr("the same, from the label bar")},
        {shortcutTr("Del / Backspace"), shortcutTr("remove the selected span")},
        {native(labelAllOccurrences()), shortcutTr("label its other occurrences too")},
        {native(labelAllOccurrencesIgnoringCase()), shortcutTr("the same, ignoring case")},
        {undo + QStringLiteral(" / ") + redo, shortcutTr("undo / redo (any document)")}}},
      {shortcutTr("Document"),
       {{shortcutTr("Enter"), shortcutTr("accept, open the next")},
        {native(rejectAndNext()), shortcutTr("reject, open the next")},
        {native(ignoreAndNext()), shortcutTr("ignore, open the next")},
        {native(markUnlabelled()), shortcutTr("mark unlabelled again")},
        {shortcutTr("Alt+→ / Alt+←"), shortcutTr("next / previous, no change")},
        {native(QKeySequence::Find), shortcutTr("search the documents")},
        {native(help()) + shortcutTr(" or ?"), shortcutTr("show or hide this help")}}},
      {shortcutTr("Model suggestions"),
       {{shortcutTr("Tab / Shift+Tab"), shortcutTr("also visit suggestions (dashed)")},
        {shortcutTr("Space / label key / Del"), shortcutTr("accept / relabel / reject one")},
        {native(acceptAllSuggestions()), shortcutTr("accept all suggestions")},
        {native(nextInformative()), shortcutTr("next most informative document")},
        {native(predictDocument()), shortcutTr("predict this document again")}}},
  };
}

}  // namespace spanforge::ui
