#pragma once

#include <QObject>
#include <QString>

class QWidget;

namespace spanforge::ui {

// Creates the demo project (a few seconds of import) on a worker thread while
// a modal progress dialog shows how far it got, so the app never freezes
// silently on first launch.
class DemoProjectBuilder : public QObject {
  Q_OBJECT

 public:
  explicit DemoProjectBuilder(QObject* parent = nullptr);

  // Creates the project at path (which must not exist). Returns an empty
  // string on success, else a message a user can read.
  QString build(const QString& path, QWidget* dialogParent);

 signals:
  // Queued from the worker thread: bytes done of total, documents read.
  void progressed(qint64 done, qint64 total, qint64 documents);
};

}  // namespace spanforge::ui
