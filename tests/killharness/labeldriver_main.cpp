// spanforge-labeldriver: labels a project through the real GUI (offscreen)
// with a seeded random stream of actions, journaling each; the kill harness
// starts it and SIGKILLs it. See labeldriver.h.
#include "labeldriver.h"

#include <QApplication>
#include <QLocale>
#include <QStandardPaths>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>

namespace {

int usage() {
  std::cerr
      << "usage: spanforge-labeldriver --project P --journal J --settings S.ini --docs N\n"
         "         [--seed S] [--auto-retrain N --config C.toml] [--actions N] [--pause-ms M]\n";
  return 64;
}

}  // namespace

int main(int argc, char** argv) {
  spanforge::killharness::LabelDriver::Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i], v = argv[i + 1];
    if (k == "--project")
      o.project = v;
    else if (k == "--journal")
      o.journal = v;
    else if (k == "--settings")
      o.settings = v;
    else if (k == "--config")
      o.configPath = v;
    else if (k == "--seed")
      o.seed = std::stoull(v);
    else if (k == "--docs")
      o.baseDocs = std::stoll(v);
    else if (k == "--auto-retrain")
      o.autoRetrain = std::stoi(v);
    else if (k == "--actions")
      o.actions = std::stoll(v);
    else if (k == "--pause-ms")
      o.pauseMs = std::stoi(v);
    else
      return usage();
  }
  if (argc % 2 == 0 || o.project.empty() || o.journal.empty() || o.settings.empty() ||
      o.baseDocs <= 0 || (o.autoRetrain > 0 && o.configPath.empty()))
    return usage();

  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("SpanforgeKillHarness"));
  QApplication::setApplicationName(QStringLiteral("spanforge-labeldriver"));
  QStandardPaths::setTestModeEnabled(true);  // away from the user's data
  QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
  try {
    return spanforge::killharness::LabelDriver(o).run();
  } catch (const std::exception& e) {
    std::cerr << "spanforge-labeldriver: " << e.what() << "\n";
    return 3;
  }
}
