#include "shell/recentprojects.h"

#include <QFileInfo>
#include <QSettings>

namespace spanforge::ui {

namespace {
const char* const kKey = "recentProjects";

// One spelling per file, so the same project never appears twice.
QString canonical(const QString& path) {
  const QFileInfo info(path);
  const QString c = info.canonicalFilePath();
  return c.isEmpty() ? info.absoluteFilePath() : c;
}
}  // namespace

QStringList RecentProjects::paths() const {
  QStringList list = settings_.value(kKey).toStringList();
  list.removeAll(QString());
  return list.mid(0, kMax);
}

void RecentProjects::add(const QString& path) {
  const QString c = canonical(path);
  QStringList list = paths();
  list.removeAll(c);
  list.prepend(c);
  store(list.mid(0, kMax));
}

void RecentProjects::remove(const QString& path) {
  QStringList list = paths();
  list.removeAll(path);
  list.removeAll(canonical(path));
  store(list);
}

void RecentProjects::clear() { store({}); }

void RecentProjects::store(const QStringList& paths) {
  settings_.setValue(kKey, paths);
  settings_.sync();
}

}  // namespace spanforge::ui
