#pragma once

#include <QStringList>

class QSettings;

namespace spanforge::ui {

// The most recently opened project files, newest first, kept in QSettings so
// File > Open Recent and the next start of the app see them.
class RecentProjects {
 public:
  static constexpr int kMax = 8;

  explicit RecentProjects(QSettings& settings) : settings_(settings) {}

  QStringList paths() const;
  void add(const QString& path);
  void remove(const QString& path);
  void clear();

 private:
  void store(const QStringList& paths);

  QSettings& settings_;
};

}  // namespace spanforge::ui
