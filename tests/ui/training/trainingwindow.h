#pragma once

// The main window on a project, for the Train panel's tests.
#include "shell/mainwindow.h"
#include "tempdir.h"
#include "training/trainingpanel.h"
#include "uitestproject.h"

#include "catchapi.h"

#include <QAction>
#include <QMenuBar>
#include <QSettings>
#include <QTest>
#include <QWidget>

#include <memory>
#include <string>

namespace spanforge::testing {

struct TrainingWindow {
  std::unique_ptr<QSettings> settings;
  std::unique_ptr<ui::MainWindow> window;

  TrainingWindow(const TempDir& dir, const std::string& path) : settings(makeSettings(dir)) {
    window = std::make_unique<ui::MainWindow>(*settings);
    window->resize(1400, 900);
    window->show();
    REQUIRE(QTest::qWaitForWindowExposed(window.get()));
    REQUIRE(window->openProject(QString::fromStdString(path)));
  }
  ui::TrainingPanel* panel() const { return window->trainingPanel(); }
  void trigger(const QString& text) {
    for (QAction* a : window->menuBar()->findChildren<QAction*>())
      if (a->text() == text) return a->trigger();
    FAIL("no menu action " << text.toStdString());
  }
};

// A click on a widget that must be visible and enabled.
inline void clickEnabled(QWidget* w) {
  REQUIRE(w->isVisible());
  REQUIRE(w->isEnabled());
  QTest::mouseClick(w, Qt::LeftButton);
}

}  // namespace spanforge::testing
