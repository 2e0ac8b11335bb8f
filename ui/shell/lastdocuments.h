#pragma once

#include <QString>

#include <cstdint>

class QSettings;

namespace spanforge::ui {

// The document that was open in each project, kept in QSettings so that a
// project reopens where its user left it.
class LastDocuments {
 public:
  explicit LastDocuments(QSettings& settings) : settings_(settings) {}

  // 0 when none is remembered.
  int64_t last(const QString& projectPath) const;
  void remember(const QString& projectPath, int64_t documentId);

 private:
  static QString key(const QString& projectPath);

  QSettings& settings_;
};

}  // namespace spanforge::ui
