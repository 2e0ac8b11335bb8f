#include "common/savedirectory.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace spanforge::ui {

QString SaveDirectory::initial(const QString& projectPath) {
  const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
  if (!documents.isEmpty() && QDir().mkpath(documents)) return documents;
  if (!projectPath.isEmpty()) {
    const QFileInfo project(projectPath);
    if (project.absoluteDir().exists()) return project.absolutePath();
  }
  return QDir::homePath();
}

}  // namespace spanforge::ui
