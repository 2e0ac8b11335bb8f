// How responsive the window stays while a real training run streams its
// events into the dashboard: a 5 ms heartbeat timer on the UI thread records
// the longest gap between its ticks (the longest the event loop was blocked)
// while the demo project trains on the worker thread with the default
// config. Optionally saves a screenshot of the dashboard mid-training.
// Prints figures; not a test. Offscreen unless QT_QPA_PLATFORM says otherwise.
// Usage: bench_training_ui [--minutes M] [--screenshot PNG] [--at-seconds S]
//                          [--config FILE] [--width W] [--height H]
#include "io/removetree.h"
#include "project/demoproject.h"
#include "store/projectstore.h"
#include "train/config/tomlconfig.h"
#include "training/dashboard/trainingdashboard.h"
#include "training/dashboard/trainingplot.h"
#include "training/runs/runhistory.h"
#include "training/setup/trainingsetup.h"
#include "training/trainingpanel.h"
#include "training/trainingsession.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QListWidget>
#include <QPushButton>
#include <QTabWidget>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <random>
#include <vector>

using namespace spanforge;
namespace fs = std::filesystem;

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  double minutes = 1.5, shotAt = 75;
  int width = 1480, height = 900;
  QString screenshot;
  std::string configFile;
  const bool verbose = qEnvironmentVariableIsSet("SPANFORGE_BENCH_VERBOSE");
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--minutes") minutes = std::atof(argv[i + 1]);
    if (a == "--screenshot") screenshot = QString::fromLocal8Bit(argv[i + 1]);
    if (a == "--at-seconds") shotAt = std::atof(argv[i + 1]);
    if (a == "--config") configFile = argv[i + 1];
    if (a == "--width") width = std::atoi(argv[i + 1]);
    if (a == "--height") height = std::atoi(argv[i + 1]);
  }

  std::random_device rd;
  const fs::path dir =
      fs::temp_directory_path() / ("spanforge-bench-train-ui-" + std::to_string(rd()));
  fs::create_directories(dir);
  const std::string path = (dir / "demo.spanforge").string();
  QElapsedTimer clock;
  clock.start();
  project::createDemoProject(path);
  std::printf("demo project created in %.1f s\n", clock.elapsed() / 1000.0);
  auto project = store::ProjectStore::open(path);

  ui::TrainingPanel panel({});
  panel.resize(width, height);
  panel.setProject(project.get());
  panel.show();
  train::TrainConfig config =
      configFile.empty() ? train::defaultConfig() : train::loadConfigFile(configFile);
  config.training.maxMinutes = minutes;
  panel.setup()->setConfig(config);

  // The heartbeat: the gap between ticks is how long the UI thread was busy.
  std::vector<double> gaps;
  int stepEvents = 0, steps = 0, evaluations = 0;
  QElapsedTimer beat;
  QTimer heartbeat;
  heartbeat.setTimerType(Qt::PreciseTimer);
  heartbeat.setInterval(5);
  QObject::connect(&heartbeat, &QTimer::timeout, [&] {
    if (beat.isValid()) {
      gaps.push_back(beat.nsecsElapsed() / 1e6);
      if (gaps.back() > 30 && verbose)
        std::printf("  gap %.1f ms at %.1f s (after %d steps, %d evaluations)\n", gaps.back(),
                    clock.elapsed() / 1000.0, steps, evaluations);
    }
    beat.restart();
  });

  QObject::connect(panel.session(), &ui::TrainingSession::stepped,
                   [&](const std::vector<train::StepEvent>& s) {
                     ++stepEvents;
                     steps += static_cast<int>(s.size());
                   });
  QObject::connect(panel.session(), &ui::TrainingSession::evaluated, [&] { ++evaluations; });
  QObject::connect(panel.session(), &ui::TrainingSession::started, [&] {
    clock.restart();
    heartbeat.start();
  });
  // Train runs the data checks first; on this data they warn: go on.
  QObject::connect(panel.session(), &ui::TrainingSession::checked, [&] {
    QTimer::singleShot(0, [&] {
      if (panel.setup()->anywayButton()->isVisible()) panel.setup()->anywayButton()->click();
    });
  });
  bool shot = false;
  QTimer shooter;
  QObject::connect(&shooter, &QTimer::timeout, [&] {
    if (shot || screenshot.isEmpty() || !heartbeat.isActive() || clock.elapsed() < shotAt * 1000)
      return;
    shot = true;
    QListWidget* labels = panel.dashboard()->labelList();  // show two per-label curves
    for (int i = 0; i < labels->count() && i < 2; ++i) labels->item(i)->setCheckState(Qt::Checked);
    QTimer::singleShot(2 * ui::TrainingPlot::kReplotMs, [&] {  // after the replots
      heartbeat.stop();  // rendering the screenshot is not part of what is measured
      panel.grab().save(screenshot);
      beat.invalidate();
      heartbeat.start();
      std::printf("screenshot at %.0f s: %s\n", clock.elapsed() / 1000.0, qPrintable(screenshot));
    });
  });
  shooter.start(200);
  QObject::connect(panel.session(), &ui::TrainingSession::finished,
                   [&](const ui::TrainingOutcome& o) {
                     heartbeat.stop();
                     std::printf("finished: %s\n", o.finished.message.c_str());
                     app.quit();
                   });
  // The other two pages, for the docs: Setup before the run, Runs after it.
  auto grabPage = [&](QWidget* page, const char* suffix) {
    if (screenshot.isEmpty()) return;
    panel.tabs()->setCurrentWidget(page);
    QApplication::processEvents();
    QString name = screenshot;
    panel.grab().save(name.replace(QStringLiteral(".png"), QString::fromLatin1(suffix)));
  };
  grabPage(panel.setup(), "-setup.png");
  QTimer::singleShot(0, &panel, &ui::TrainingPanel::train);
  app.exec();

  std::sort(gaps.begin(), gaps.end());
  if (gaps.empty()) return 1;
  const auto over = std::count_if(gaps.begin(), gaps.end(), [](double g) { return g > 50; });
  std::printf("training: %.0f s, %d steps in %d queued step batches, %d evaluations\n",
              clock.elapsed() / 1000.0, steps, stepEvents, evaluations);
  std::printf(
      "UI heartbeat (5 ms timer) over %zu ticks: median gap %.1f ms, p99 %.1f ms, "
      "max %.1f ms, %lld gaps over 50 ms\n",
      gaps.size(), gaps[gaps.size() / 2], gaps[gaps.size() * 99 / 100], gaps.back(),
      static_cast<long long>(over));
  grabPage(panel.runs(), "-runs.png");
  const ui::TrainingDashboard* dash = panel.dashboard();
  std::printf("replot (average of the last ones):");
  const char* separator = " ";
  for (const ui::TrainingPlot* p : dash->plots()) {
    std::printf("%s%s %.1f ms", separator, qPrintable(p->title()), p->replotTime(true));
    separator = "; ";
  }
  std::printf("\n");
  panel.setProject(nullptr);
  project.reset();
  spanforge::io::removeTree(dir);
  return 0;
}
