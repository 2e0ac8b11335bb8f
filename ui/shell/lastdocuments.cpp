#include "shell/lastdocuments.h"

#include <QCryptographicHash>
#include <QFileInfo>
#include <QSettings>

namespace spanforge::ui {

// A hash of the absolute path: QSettings keys cannot hold every path.
QString LastDocuments::key(const QString& projectPath) {
  const QByteArray path = QFileInfo(projectPath).absoluteFilePath().toUtf8();
  return QStringLiteral("lastDocument/") +
         QString::fromLatin1(QCryptographicHash::hash(path, QCryptographicHash::Sha1).toHex());
}

int64_t LastDocuments::last(const QString& projectPath) const {
  return settings_.value(key(projectPath), 0).toLongLong();
}

void LastDocuments::remember(const QString& projectPath, int64_t documentId) {
  if (documentId > 0)
    settings_.setValue(key(projectPath), static_cast<qlonglong>(documentId));
  else
    settings_.remove(key(projectPath));
}

}  // namespace spanforge::ui
