#pragma once

#include <QString>

namespace spanforge::ui {

// Where file dialogs start before the user has chosen a folder: never one
// that does not exist (a desktop menu starts the app in /).
struct SaveDirectory {
  // The documents folder (XDG_DOCUMENTS_DIR), created when missing; else the
  // project's folder (projectPath may be empty); else the home folder.
  static QString initial(const QString& projectPath);
};

}  // namespace spanforge::ui
