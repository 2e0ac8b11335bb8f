#include "modelloop/modeltrust.h"

#include "common/qs.h"
#include "project/projectfolder.h"
#include "train/package/legacypackage.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>

#include <exception>

namespace spanforge::ui {
namespace {

const char* const kTrustedKey = "security/trustedModelFolders";

QString resolved(const std::string& dir) {
  const QFileInfo info(qs(dir));
  const QString canonical = info.canonicalFilePath();
  return canonical.isEmpty() ? QDir::cleanPath(info.absoluteFilePath()) : canonical;
}

}  // namespace

ModelTrust::ModelTrust(QSettings& settings, QWidget* parent)
    : settings_(settings), parent_(parent) {}

QStringList ModelTrust::trustedFolders() const {
  return settings_.value(kTrustedKey).toStringList();
}

bool ModelTrust::admit(const std::string& projectPath, const std::string& packageDir,
                       QString* why) {
  if (!project::ProjectFolder::holds(projectPath, packageDir)) {
    const QString folder = resolved(packageDir);
    bool trusted = false;
    for (const QString& t : trustedFolders())
      trusted = trusted || project::ProjectFolder::within(t.toStdString(), folder.toStdString());
    if (!trusted) {
      if (!ask(Question::OutsideProject, folder)) {
        if (why)
          *why = QObject::tr(
                     "its package %1 is outside the project's folder and was not "
                     "allowed")
                     .arg(folder);
        return false;
      }
      QStringList list = trustedFolders();
      list << folder;
      settings_.setValue(kTrustedKey, list);
    }
  }
  return askAboutOldFormat(packageDir, why);
}

bool ModelTrust::askAboutOldFormat(const std::string& packageDir, QString* why) {
  if (!train::LegacyPackage::isLegacy(packageDir)) return true;
  if (!ask(Question::OldFormat, resolved(packageDir))) {
    if (why)
      *why = QObject::tr(
          "its package is in the old format (weights.pt), which can run code, "
          "and was not converted");
    return false;
  }
  // A second or two for a model; the window waits, as for any file it saves.
  QApplication::setOverrideCursor(Qt::WaitCursor);
  bool converted = true;
  try {
    train::LegacyPackage::upgrade(packageDir);
  } catch (const std::exception& e) {
    converted = false;
    if (why) *why = QObject::tr("converting its package failed: %1").arg(qs(e.what()));
  }
  QApplication::restoreOverrideCursor();
  return converted;
}

bool ModelTrust::ask(Question question, const QString& folder) {
  const QString key = QString::number(static_cast<int>(question)) + QLatin1Char(':') + folder;
  if (declined_.count(key)) return false;
  bool yes = false;
  if (asker_) {
    yes = asker_(question, folder);
  } else {
    const auto box = questionBox(question, folder, parent_);
    box->exec();
    yes = box->buttonRole(box->clickedButton()) == QMessageBox::AcceptRole;
  }
  if (!yes) declined_.insert(key);
  return yes;
}

std::unique_ptr<QMessageBox> ModelTrust::questionBox(Question question, const QString& folder,
                                                     QWidget* parent) {
  auto box = std::make_unique<QMessageBox>(parent);
  box->setIcon(QMessageBox::Warning);
  if (question == Question::OutsideProject) {
    box->setWindowTitle(QObject::tr("Load a Model from Outside the Project?"));
    box->setText(QObject::tr("This project's current model is outside the project's folder:"));
    box->setInformativeText(
        QObject::tr("<p><b>%1</b></p><p>A project from someone else can name any folder on this "
                    "computer. Load models from this folder only if you know why the project "
                    "uses it. Once loaded, models from this folder load without asking.</p>")
            .arg(folder.toHtmlEscaped()));
    box->addButton(QObject::tr("Load Model"), QMessageBox::AcceptRole);
  } else {
    box->setWindowTitle(QObject::tr("Convert an Old Model Package?"));
    box->setText(
        QObject::tr("This model package is in the old format, which can run code when "
                    "it is loaded:"));
    box->setInformativeText(
        QObject::tr("<p><b>%1</b></p><p>Convert it to the safe format only if you trust where "
                    "it came from. Otherwise it is not loaded.</p>")
            .arg(folder.toHtmlEscaped()));
    box->addButton(QObject::tr("Convert and Load"), QMessageBox::AcceptRole);
  }
  box->setDefaultButton(box->addButton(QObject::tr("Don't Load"), QMessageBox::RejectRole));
  return box;
}

}  // namespace spanforge::ui
