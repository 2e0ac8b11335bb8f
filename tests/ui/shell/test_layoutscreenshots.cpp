// Not run by ctest (hidden tag): the main window with the Training panel open,
// at 1280x800 and 1920x1080, light and dark, to PNG files for a person to
// look at:  test_ui "[.layout]"   (files in $SPANFORGE_SCREENSHOTS or /tmp/spanforge-shots)
#include "darkpalette.h"
#include "documents/documentbrowser.h"
#include "editor/spaneditor.h"
#include "modelloop/modelloop.h"
#include "shell/mainwindow.h"
#include "shell/trainingdock.h"
#include "shotsdir.h"
#include "training/trainingpanel.h"

#include <cstdio>
#include <utility>
#include "uitestproject.h"

#include "catchapi.h"

#include <QApplication>
#include <QDockWidget>
#include <QTest>

using spanforge::testing::makeProject;
using spanforge::testing::makeSettings;
using spanforge::testing::shotsDir;
using spanforge::testing::TempDir;

using spanforge::testing::darkPalette;

TEST_CASE("Layout screenshots: the training panel beside the editor", "[.layout]") {
  for (const QSize size : {QSize(1280, 800), QSize(1920, 1080)}) {
    TempDir dir;
    const std::string path = dir.file("p.spanforge");
    makeProject(path, 40);
    auto settings = makeSettings(dir);
    spanforge::ui::MainWindow window(*settings);
    window.resize(size);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    REQUIRE(window.openProject(QString::fromStdString(path)));
    window.trainingDock()->showTraining();
    QTest::qWait(100);
    auto* panel = window.trainingPanel();
    const std::pair<const char*, void (spanforge::ui::TrainingPanel::*)()> pages[] = {
        {"setup", &spanforge::ui::TrainingPanel::showSetup},
        {"dashboard", &spanforge::ui::TrainingPanel::showDashboard},
        {"runs", &spanforge::ui::TrainingPanel::showRuns}};
    for (const bool dark : {false, true}) {
      window.setPalette(dark ? darkPalette() : QPalette());
      for (const auto& [page, show] : pages) {
        (panel->*show)();
        QTest::qWait(50);
        const QString name = QStringLiteral("%1/layout-%2-%3x%4%5.png")
                                 .arg(shotsDir(), QLatin1String(page))
                                 .arg(size.width())
                                 .arg(size.height())
                                 .arg(dark ? QStringLiteral("-dark") : QString());
        CHECK(window.grab().save(name));
      }
    }
    // The bottom docks of the model loop (empty without a model), training closed.
    window.trainingDock()->hide();
    for (const bool dark : {false, true}) {
      window.setPalette(dark ? darkPalette() : QPalette());
      for (QDockWidget* d :
           {window.modelLoop()->reviewDock(), window.modelLoop()->evaluationDock()}) {
        d->show();
        d->raise();
        QTest::qWait(50);
        CHECK(window.grab().save(QStringLiteral("%1/layout-%2-%3x%4%5.png")
                                     .arg(shotsDir(), d->objectName())
                                     .arg(size.width())
                                     .arg(size.height())
                                     .arg(dark ? QStringLiteral("-dark") : QString())));
      }
    }
    window.setPalette(QPalette());
    std::printf("%dx%d: editor %d px, training panel %d px, documents %d px\n", size.width(),
                size.height(), window.editor()->width(), window.trainingDock()->width(),
                window.browser()->width());
  }
}
