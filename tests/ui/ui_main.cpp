// Catch2 inside a QApplication: widgets need one, and ctest runs offscreen.
#define CATCH_CONFIG_RUNNER
#include "catchapi.h"

#include <QApplication>
#include <QLocale>
#include <QStandardPaths>

int main(int argc, char** argv) {
  // catch_discover_tests runs this binary at build time, outside ctest's
  // environment: never try to reach a display from there.
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("SpanforgeTests"));
  QApplication::setApplicationName(QStringLiteral("test_ui"));
  // Keep the tests away from the user's settings and data directories.
  QStandardPaths::setTestModeEnabled(true);
  // Fixed number formatting ("1,100") whatever the machine's locale.
  QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
  return Catch::Session().run(argc, argv);
}
