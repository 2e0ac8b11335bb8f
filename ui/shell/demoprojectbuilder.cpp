#include "shell/demoprojectbuilder.h"

#include "common/nativepath.h"
#include "project/demodata.h"
#include "project/demoproject.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QProgressDialog>
#include <QThread>

#include <exception>
#include <memory>

namespace spanforge::ui {

DemoProjectBuilder::DemoProjectBuilder(QObject* parent) : QObject(parent) {}

QString DemoProjectBuilder::build(const QString& path, QWidget* dialogParent) {
  // Refuse before starting: the clean-up below must only ever remove a file
  // this call created.
  if (QFileInfo::exists(path)) return tr("%1 already exists.").arg(QDir::toNativeSeparators(path));
  if (!QDir().mkpath(QFileInfo(path).absolutePath()))
    return tr("Cannot create the folder %1.")
        .arg(QDir::toNativeSeparators(QFileInfo(path).absolutePath()));

  QProgressDialog dialog(dialogParent);
  dialog.setWindowTitle(tr("Spanforge"));
  dialog.setLabelText(tr("Creating the demo project from the WNUT-17 tweets…"));
  dialog.setCancelButton(nullptr);  // the import cannot be interrupted half-way
  dialog.setRange(0, 0);            // busy until the first progress report
  dialog.setMinimumDuration(0);
  dialog.setAutoClose(false);
  dialog.setAutoReset(false);
  dialog.setWindowModality(Qt::ApplicationModal);
  dialog.setMinimumWidth(420);
  dialog.show();

  connect(
      this, &DemoProjectBuilder::progressed, &dialog,
      [&dialog](qint64 done, qint64 total, qint64 documents) {
        if (total <= 0) return;
        // Bytes can exceed int: show per mille.
        dialog.setRange(0, 1000);
        dialog.setValue(static_cast<int>(std::min<qint64>(1000, done * 1000 / total)));
        dialog.setLabelText(tr("Creating the demo project from the WNUT-17 tweets…\n"
                               "%1 documents read")
                                .arg(QLocale().toString(documents)));
      },
      Qt::QueuedConnection);

  // The demo is imported in two passes (gold train split, then the unlabelled
  // pool), each reporting its own byte total; add them up for one bar.
  const qint64 total =
      static_cast<qint64>(project::demoTrainData().size() + project::demoDevData().size() +
                          project::demoTestData().size());
  QString error;
  const std::string target = nativePath(path);
  std::unique_ptr<QThread> worker(QThread::create([this, &error, target, total] {
    qint64 base = 0, lastTotal = 0, documentsBase = 0, lastDocuments = 0;
    try {
      project::createDemoProject(target, [&](const project::ImportProgress& p) {
        if (lastTotal != 0 && p.bytesTotal != lastTotal) {  // the next pass began
          base += lastTotal;
          documentsBase += lastDocuments;
        }
        lastTotal = p.bytesTotal;
        lastDocuments = p.documents;
        emit progressed(base + p.bytesDone, total, documentsBase + p.documents);
      });
    } catch (const std::exception& e) {
      error = QString::fromStdString(e.what());  // read only after the thread ended
    }
  }));
  QEventLoop loop;
  connect(worker.get(), &QThread::finished, &loop, &QEventLoop::quit);
  worker->start();
  loop.exec();
  worker->wait();

  if (!error.isEmpty()) {
    // Never leave half a demo behind: the next start would open it.
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) QFile::remove(path + suffix);
  }
  return error;
}

}  // namespace spanforge::ui
