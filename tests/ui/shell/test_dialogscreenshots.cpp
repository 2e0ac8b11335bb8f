// Every dialog as it opens: it fits a 1280x800 screen (run by ctest) and,
// hidden from ctest, is rendered light and dark to PNG files for a person to
// look at:  test_ui "[.layout]"   (files in $SPANFORGE_SCREENSHOTS or /tmp/spanforge-shots)
#include "active/alexperiment.h"
#include "active/alsimulationjson.h"
#include "darkpalette.h"
#include "interchange/exportdialog.h"
#include "interchange/importdialog.h"
#include "interchange/inputerrorsdialog.h"
#include "io/inputerror.h"
#include "modelloop/autoacceptdialog.h"
#include "modelloop/modelloop.h"
#include "modelloop/modelloopharness.h"
#include "modelloop/modelloopproject.h"
#include "modelloop/modeltrust.h"
#include "modelloop/serve/servedialog.h"
#include "shell/labelmanagerdialog.h"
#include "shotsdir.h"
#include "tempdir.h"
#include "textfit.h"
#include "training/simulation/alsimulationdialog.h"

#include "catchapi.h"

#include <QAction>
#include <QApplication>
#include <QMessageBox>
#include <QTest>
#include <QTimer>

#include <fstream>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

using spanforge::testing::ModelLoopHarness;
using spanforge::testing::shotsDir;
using spanforge::testing::TempDir;
namespace active = spanforge::active;

namespace {

// What a screen of 1280x800 leaves a window: a panel and a title bar.
constexpr int kUsableWidth = 1280;
constexpr int kUsableHeight = 800 - 40 - 32;

// A saved two-strategy simulation for the AL dialog to show.
QString writeSimulation(const TempDir& dir) {
  active::AlSimulationResult run;
  run.poolSentences = 1000;
  for (const auto strategy : {active::Strategy::LeastConfidence, active::Strategy::Random}) {
    active::AlCurve curve;
    curve.strategy = strategy;
    for (int i = 1; i <= 6; ++i) {
      active::AlRound r;
      r.round = i;
      r.sentences = 50 * i;
      r.fraction = 0.05 * i;
      const double gain = strategy == active::Strategy::Random ? 0.05 : 0.07;
      r.test.f1 = 0.2 + gain * i;
      r.test.precision = r.test.f1 + 0.02;
      r.test.recall = r.test.f1 - 0.02;
      r.steps = 300;
      curve.rounds.push_back(r);
    }
    run.curves.push_back(curve);
  }
  active::AlExperimentOptions options;
  options.simulation.strategies = {active::Strategy::LeastConfidence, active::Strategy::Random};
  options.fullF1 = 0.65;
  active::AlExperimentResult result;
  result.runs.push_back(run);
  result.summary = active::summarize(result.runs, options.fullF1);
  const std::string path = dir.file("simulation.json");
  std::ofstream(path) << active::AlSimulationJson::write({}, options, result);
  return QString::fromStdString(path);
}

// Each dialog, made fresh (palette changes apply to new widgets as they are).
struct DialogMaker {
  const char* name;
  std::function<std::unique_ptr<QWidget>()> make;
};

std::vector<DialogMaker> dialogs(ModelLoopHarness& h, const TempDir& dir) {
  const QString project = QString::fromStdString(h.project().path);
  const QString simulation = writeSimulation(dir);
  return {
      {"import",
       [project] {
         auto d = std::make_unique<spanforge::ui::ImportDialog>(project);
         d->setFiles(
             {QStringLiteral("/data/wnut17-train.conll"), QStringLiteral("/data/pool.jsonl")});
         return d;
       }},
      {"export",
       [project] { return std::make_unique<spanforge::ui::ExportDialog>(project, 3291, 5577); }},
      {"input-errors",
       [] {
         std::vector<spanforge::io::InputError> errors;
         for (int i = 0; i < 6; ++i)
           errors.emplace_back("/data/pool.jsonl", 12 + 7 * i,
                               "spans[" + std::to_string(i) + "].end",
                               "end (41) is past the end of the text (38 characters)");
         return std::make_unique<spanforge::ui::InputErrorsDialog>(
             QStringLiteral("pool.jsonl was not imported: 6 problems, nothing was changed."),
             errors);
       }},
      {"label-manager",
       [&h] { return std::make_unique<spanforge::ui::LabelManagerDialog>(*h.window().session()); }},
      {"al-simulation",
       [simulation] {
         auto d = std::make_unique<spanforge::ui::AlSimulationDialog>();
         d->show();
         REQUIRE(d->openJson(simulation, true));
         return d;
       }},
      {"auto-accept",
       [] {
         std::vector<spanforge::train::SpanOutcome> dev;
         for (int i = 0; i < 200; ++i) dev.push_back({0.5 + 0.0025 * i, i % 9 != 0});
         return std::make_unique<spanforge::ui::AutoAcceptDialog>(0.95, dev);
       }},
      {"serve",
       [] {
         auto d = std::make_unique<spanforge::ui::ServeDialog>();
         d->setModel(QString::fromStdString(spanforge::testing::tinyModelPackage()),
                     QStringLiteral("run 1"));
         return d;
       }},
      {"model-outside-project",
       [] {
         return spanforge::ui::ModelTrust::questionBox(
             spanforge::ui::ModelTrust::Question::OutsideProject,
             QStringLiteral("/media/shared/team-drive/models/ner-2026-05"), nullptr);
       }},
      {"model-old-format",
       [] {
         return spanforge::ui::ModelTrust::questionBox(
             spanforge::ui::ModelTrust::Question::OldFormat,
             QStringLiteral("/home/ann/projects/news.models/run-4"), nullptr);
       }},
  };
}

// The About box is a static QMessageBox: caught once it is shown.
QPixmap grabAbout(ModelLoopHarness& h, QSize* size) {
  QAction* about = nullptr;
  for (QAction* a : h.window().findChildren<QAction*>())
    if (a->text() == QStringLiteral("&About Spanforge")) about = a;
  REQUIRE(about);
  QPixmap shot;
  QTimer::singleShot(0, [&] {
    (void)QTest::qWaitFor([] { return QApplication::activeModalWidget() != nullptr; }, 5000);
    QWidget* box = QApplication::activeModalWidget();
    if (!box) return;
    QTest::qWait(100);
    shot = box->grab();
    *size = box->size();
    box->close();
  });
  about->trigger();
  return shot;
}

}  // namespace

TEST_CASE("Every dialog fits a 1280x800 screen as it opens") {
  TempDir dir;
  ModelLoopHarness h;
  for (const auto& [name, make] : dialogs(h, dir)) {
    INFO(name);
    auto d = make();
    d->show();
    REQUIRE(QTest::qWaitForWindowExposed(d.get()));
    CHECK(d->width() <= kUsableWidth);
    CHECK(d->height() <= kUsableHeight);
    CHECK(d->minimumSizeHint().height() <= kUsableHeight);
    QTest::qWait(30);  // layouts settle
    // No text cut where it is shown (issue #66: the auto-accept dialog's verdict).
    const QStringList cut = spanforge::testing::elided(d.get());
    INFO(cut.join(QLatin1Char('\n')).toStdString());
    CHECK(cut.isEmpty());
  }
  QSize about;
  CHECK_FALSE(grabAbout(h, &about).isNull());
  CHECK(about.width() <= kUsableWidth);
  CHECK(about.height() <= kUsableHeight);
}

TEST_CASE("Layout screenshots: every dialog, light and dark", "[.layout]") {
  TempDir dir;
  ModelLoopHarness h;
  const QPalette light = QApplication::palette();
  for (const bool dark : {false, true}) {
    QApplication::setPalette(dark ? spanforge::testing::darkPalette() : light);
    const QString suffix = dark ? QStringLiteral("-dark.png") : QStringLiteral(".png");
    for (const auto& [name, make] : dialogs(h, dir)) {
      auto d = make();
      d->show();
      REQUIRE(QTest::qWaitForWindowExposed(d.get()));
      QTest::qWait(150);
      const QString path = shotsDir() + QStringLiteral("/dialog-%1%2").arg(name, suffix);
      CHECK(d->grab().save(path));
      WARN(name << ": " << d->width() << "x" << d->height());
    }
    QSize size;
    CHECK(grabAbout(h, &size).save(shotsDir() + QStringLiteral("/dialog-about") + suffix));
  }
  QApplication::setPalette(light);
}
