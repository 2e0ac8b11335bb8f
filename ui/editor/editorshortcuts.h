#pragma once

#include <QKeySequence>
#include <QList>
#include <QString>
#include <QVector>

namespace spanforge::ui {

struct KeyBinding {
  QString keys;
  QString action;
};

struct KeyGroup {
  QString title;
  QVector<KeyBinding> bindings;
};

// The span editor's keyboard scheme in one place: the document actions'
// shortcuts and the table the help overlay (F1 or ?) shows. Label hotkeys are
// the plain keys 1-9 and a-z, so every other action uses a key that is not a
// letter or digit, or holds Alt or Ctrl.
class EditorShortcuts {
 public:
  static QList<QKeySequence> acceptAndNext();  // Enter
  static QKeySequence rejectAndNext();         // Alt+R
  static QKeySequence ignoreAndNext();         // Alt+I
  static QKeySequence markUnlabelled();        // Alt+U
  static QKeySequence next();                  // Alt+Right: skip, status unchanged
  static QKeySequence previous();              // Alt+Left
  static QKeySequence help();                  // F1
  // Label every other occurrence of the selected span (Ctrl+L is Labels >
  // Manage Labels; O for occurrences is no menu's mnemonic).
  static QKeySequence labelAllOccurrences();              // Alt+O
  static QKeySequence labelAllOccurrencesIgnoringCase();  // Alt+Shift+O
  // Model in the loop.
  static QKeySequence acceptAllSuggestions();  // Alt+A
  static QKeySequence predictDocument();       // Alt+P: suggestions for the open document
  static QKeySequence nextInformative();       // Alt+N: next most informative document

  static QVector<KeyGroup> groups();
};

}  // namespace spanforge::ui
