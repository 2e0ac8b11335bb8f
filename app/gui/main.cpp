// Composition root of the GUI: parses the command line, decides which project
// to open, builds the main window and hands it its settings. Nothing else.
#include "project/demoproject.h"
#include "shell/demoprojectbuilder.h"
#include "shell/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>

#include <cstring>
#include <memory>

namespace {

// --help and --version must work without a display (over ssh, in scripts).
bool onlyWantsText(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    for (const char* flag : {"-h", "--help", "--help-all", "-v", "--version", "-?"})
      if (std::strcmp(argv[i], flag) == 0) return true;
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  QCoreApplication::setOrganizationName(QStringLiteral("Spanforge"));
  QCoreApplication::setApplicationName(QStringLiteral("Spanforge"));
  QCoreApplication::setApplicationVersion(QStringLiteral(SPANFORGE_VERSION));
  std::unique_ptr<QCoreApplication> app;
  if (onlyWantsText(argc, argv))
    app = std::make_unique<QCoreApplication>(argc, argv);
  else
    app = std::make_unique<QApplication>(argc, argv);

  QCommandLineParser parser;
  parser.setApplicationDescription(
      QStringLiteral("Label entity spans and train named-entity models.\n\n%1")
          .arg(QString::fromUtf8(spanforge::project::demoAttribution())));
  parser.addHelpOption();
  parser.addVersionOption();
  const QCommandLineOption demo(
      QStringLiteral("demo"),
      QStringLiteral("Open the demo project (created on first use from WNUT-17)."));
  parser.addOption(demo);
  parser.addPositionalArgument(QStringLiteral("PROJECT"),
                               QStringLiteral("Project file to open (.spanforge)."),
                               QStringLiteral("[PROJECT]"));
  parser.process(*app);  // exits after --help / --version

  QGuiApplication::setDesktopFileName(QStringLiteral("spanforge"));
  QGuiApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/spanforge.png")));

  QSettings settings;
  spanforge::ui::MainWindow window(settings);
  // The first run fills a small screen, and most of a large one; later runs
  // open as the window was left, kept on this screen.
  window.showOnScreen(window.screen()->availableGeometry());

  // What to open: an explicit file, else the demo on request or on first
  // launch, else the project used last.
  const QStringList args = parser.positionalArguments();
  QString path;
  if (!args.isEmpty()) {
    path = QFileInfo(args.front()).absoluteFilePath();
  } else if (parser.isSet(demo) || window.recentProjects().paths().isEmpty()) {
    // ~/.local/share/spanforge (XDG_DATA_HOME), as a desktop user expects.
    const QString dir = QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation))
                            .filePath(QStringLiteral("spanforge"));
    path = QDir(dir).filePath(QStringLiteral("demo.spanforge"));
    if (!QFileInfo::exists(path)) {
      spanforge::ui::DemoProjectBuilder builder;
      const QString error = builder.build(path, &window);
      if (!error.isEmpty()) {
        QMessageBox::critical(&window, QObject::tr("Cannot create the demo project"), error);
        path.clear();
      }
    }
  } else {
    path = window.recentProjects().paths().front();
  }
  if (!path.isEmpty()) window.openProject(path);
  return app->exec();
}
