// Train > Simulate Active Learning on a real (small) project, driven with
// mouse and key events.
#include "../trainingtestproject.h"
#include "shotsdir.h"
#include "slurp.h"
#include "tempdir.h"
#include "training/simulation/alcurvesmodel.h"
#include "training/simulation/alcurvesplot.h"
#include "training/simulation/alsimulationdialog.h"
#include "training/simulation/alsimulationform.h"
#include "uitestproject.h"

#include "catchapi.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTest>

using namespace spanforge;
using namespace spanforge::ui;
using spanforge::testing::TempDir;
using spanforge::testing::waitFor;

using spanforge::testing::shotsDir;

namespace {

// Selects the spin box's text and types over it, as a person would.
void typeInto(QAbstractSpinBox* box, const QString& text) {
  auto* edit = box->findChild<QLineEdit*>();
  REQUIRE(edit);
  QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
  QTest::keyClicks(edit, text);
  QTest::keyClick(edit, Qt::Key_Enter);
}

}  // namespace

TEST_CASE("Simulate active learning from the GUI: curves per round, 95%/99% reach, JSON") {
  TempDir dir;
  const std::string path = dir.file("p.sfproj");
  testing::makeTrainingProject(dir, path, 150);
  AlSimulationDialog dialog;
  dialog.setProject(QString::fromStdString(path), testing::tinyTrainingConfig(6, 3));
  dialog.show();
  REQUIRE(QTest::qWaitForWindowExposed(&dialog));
  AlSimulationForm* form = dialog.form();
  // lc, margin and random are ticked at first: untick margin.
  QCheckBox* margin = form->strategyBox(active::Strategy::Margin);
  REQUIRE(margin->isChecked());
  QTest::mouseClick(margin, Qt::LeftButton, {}, QPoint(8, margin->height() / 2));
  CHECK_FALSE(margin->isChecked());
  typeInto(form->seedShare(), QStringLiteral("20"));
  typeInto(form->stepShare(), QStringLiteral("20"));
  typeInto(form->rounds(), QStringLiteral("2"));
  typeInto(form->seeds(), QStringLiteral("2"));
  REQUIRE(form->rounds()->value() == 2);
  REQUIRE(form->seeds()->value() == 2);
  // Each round from random weights at first; from the last round's model one
  // step up the list, by key.
  REQUIRE(form->options().retrain == active::AlRetrain::Scratch);
  form->retrain()->setFocus(Qt::OtherFocusReason);
  QTest::keyClick(form->retrain(), Qt::Key_Up);
  REQUIRE(form->options().retrain == active::AlRetrain::Warm);
  // Per seed: the seed round and 2 curves x 1 round; the full-data training once.
  CHECK(form->trainings() == 2 * (1 + 2 * 1) + 1);
  CHECK_FALSE(dialog.isRunning());  // Enter in a spin box did not start it

  CHECK_FALSE(dialog.saveButton()->isEnabled());
  QTest::mouseClick(dialog.runButton(), Qt::LeftButton);
  REQUIRE(dialog.isRunning());
  CHECK(dialog.runButton()->text() == "&Stop");
  CHECK_FALSE(form->isEnabled());
  REQUIRE(waitFor([&] { return !dialog.isRunning(); }, 180000));
  INFO(dialog.statusLabel()->text().toStdString());
  CHECK(dialog.statusLabel()->text().startsWith("Finished in"));

  const AlCurvesModel* model = dialog.model();
  REQUIRE(model->columnCount() == 3);                             // labelled, lc, random
  REQUIRE(model->rowCount() == 2);                                // 20% and 40% of the pool
  CHECK(model->index(0, 1).data() == model->index(0, 2).data());  // the shared seed round
  CHECK(model->index(1, 1).data(Qt::ToolTipRole).toString().contains("over 2 seeds"));
  CHECK(dialog.table()->model() == model);
  QCPGraph* lc = dialog.plot()->curve(active::Strategy::LeastConfidence);
  REQUIRE(lc);
  CHECK(lc->dataCount() == 2);
  CHECK(dialog.reachLabel()->text().startsWith("All labels: test F1"));
  CHECK(dialog.reachLabel()->text().contains("random"));

  REQUIRE(dialog.saveButton()->isEnabled());
  const QString json = QString::fromStdString(dir.file("al.json"));
  REQUIRE(dialog.saveJson(json, true));
  // Never over the project, which the save dialog also offers (issue #65).
  const std::string projectBytes = spanforge::testing::slurp(path);
  CHECK_FALSE(dialog.saveJson(QString::fromStdString(path), true));
  CHECK(spanforge::testing::slurp(path) == projectBytes);
  QFile file(json);
  REQUIRE(file.open(QIODevice::ReadOnly));
  const QJsonObject j = QJsonDocument::fromJson(file.readAll()).object();
  CHECK(j["strategies"].toArray().size() == 2);
  CHECK(j["seeds"].toArray().size() == 2);
  CHECK(j["runs"].toArray().size() == 2);
  CHECK(j["summary"].toObject()["lc"].toObject()["points"].toArray().size() == 2);
  CHECK(j["full_data_f"].isDouble());
  CHECK(j["retrain"] == "warm");
  const QJsonArray runs = j["runs"].toArray();
  CHECK(runs[1].toObject()["full_data"].toObject()["f"] ==
        runs[0].toObject()["full_data"].toObject()["f"]);  // one training for both seeds

  // Another window shows the saved experiment again; a broken file says why.
  AlSimulationDialog other;
  const QString broken = QString::fromStdString(dir.file("broken.json"));
  QFile bad(broken);
  REQUIRE(bad.open(QIODevice::WriteOnly));
  bad.write("{\"runs\": 3}");
  bad.close();
  CHECK_FALSE(other.openJson(broken, true));
  CHECK(other.statusLabel()->text().contains("runs: missing"));
  REQUIRE(other.openJson(json, true));
  REQUIRE(other.model()->rowCount() == 2);
  for (int row = 0; row < 2; ++row)
    for (int column = 0; column < 3; ++column)
      CHECK(other.model()->index(row, column).data() == model->index(row, column).data());
  CHECK(other.reachLabel()->text() == dialog.reachLabel()->text());
  CHECK(other.saveButton()->isEnabled());
}

TEST_CASE("Simulate active learning: Stop keeps the rounds so far, bad data says why") {
  TempDir dir;
  const std::string path = dir.file("p.sfproj");
  testing::makeTrainingProject(dir, path, 150);
  AlSimulationDialog dialog;
  train::TrainConfig config = testing::tinyTrainingConfig(200, 5);
  dialog.setProject(QString::fromStdString(path), config);
  dialog.show();
  REQUIRE(QTest::qWaitForWindowExposed(&dialog));
  typeInto(dialog.form()->seedShare(), QStringLiteral("20"));
  QTest::mouseClick(dialog.runButton(), Qt::LeftButton);
  const bool stepping =
      waitFor([&] { return dialog.statusLabel()->text().contains("step"); }, 60000);
  INFO(dialog.statusLabel()->text().toStdString());
  REQUIRE(stepping);
  QTest::mouseClick(dialog.runButton(), Qt::LeftButton);  // Stop
  REQUIRE(waitFor([&] { return !dialog.isRunning(); }, 60000));
  CHECK(dialog.statusLabel()->text().startsWith("Stopped after"));
  CHECK(dialog.runButton()->text() == "&Run Simulation");
  CHECK(dialog.form()->isEnabled());

  // Too few accepted documents: the message says how many are needed.
  const std::string small = dir.file("small.sfproj");
  testing::makeTrainingProject(dir, small, 8);
  dialog.setProject(QString::fromStdString(small), config);
  QTest::mouseClick(dialog.runButton(), Qt::LeftButton);
  REQUIRE(waitFor([&] { return !dialog.isRunning(); }, 30000));
  CHECK(dialog.statusLabel()->text().contains("at least 10 accepted training documents"));
  CHECK(dialog.model()->rowCount() == 0);
}

TEST_CASE("Screenshot of the active-learning simulation", "[.screenshots]") {
  TempDir dir;
  const std::string path = dir.file("p.sfproj");
  testing::makeTrainingProject(dir, path, 600);
  AlSimulationDialog dialog;
  // Small, but every training runs to early stopping, so the all-labels
  // reference is trained as long as the curves' rounds are.
  train::TrainConfig config = testing::tinyTrainingConfig(3000, 25);
  config.training.learningRate = 0.03;
  config.training.patience = 4;
  dialog.setProject(QString::fromStdString(path), config);
  dialog.show();
  REQUIRE(QTest::qWaitForWindowExposed(&dialog));
  typeInto(dialog.form()->seedShare(), QStringLiteral("10"));
  typeInto(dialog.form()->stepShare(), QStringLiteral("10"));
  typeInto(dialog.form()->rounds(), QStringLiteral("5"));
  typeInto(dialog.form()->seeds(), QStringLiteral("2"));
  QTest::mouseClick(dialog.runButton(), Qt::LeftButton);
  REQUIRE(waitFor([&] { return !dialog.isRunning(); }, 600000));
  QTest::qWait(300);
  const QString shot = shotsDir() + QStringLiteral("/al-simulation.png");
  REQUIRE(dialog.grab().save(shot));
  WARN("wrote " << shot.toStdString());
}

// A saved run (al-simulate --json) as the dialog shows it:
//   SPANFORGE_AL_JSON=run.json test_ui "[.screenshots]"
TEST_CASE("Screenshot of a saved active-learning simulation", "[.screenshots]") {
  const QString json = qEnvironmentVariable("SPANFORGE_AL_JSON");
  if (json.isEmpty()) return;
  AlSimulationDialog dialog;
  dialog.show();
  REQUIRE(QTest::qWaitForWindowExposed(&dialog));
  REQUIRE(dialog.openJson(json, true));
  QTest::qWait(300);
  const QString shot = shotsDir() + QStringLiteral("/al-simulation-saved.png");
  REQUIRE(dialog.grab().save(shot));
  WARN("wrote " << shot.toStdString());
}

TEST_CASE("Simulate active learning: the time is estimated before it starts") {
  ui::AlSimulationForm form;
  for (const auto s : active::allStrategies())
    form.strategyBox(s)->setChecked(s == active::Strategy::Margin);
  form.seedShare()->setValue(5.0);
  form.stepShare()->setValue(5.0);
  form.rounds()->setValue(2);
  form.seeds()->setValue(1);
  form.fullData()->setChecked(true);
  CHECK(form.estimatedSeconds() < 0);
  CHECK(form.costText().contains(QStringLiteral("unknown until the project has a finished")));
  // A full training took 100 s: the seed round (5%), one round (10%) and the
  // full data make 1.15 of it.
  form.setPace(100.0, 7);
  CHECK(form.estimatedSeconds() == Approx(115.0));
  CHECK(form.costText().contains(QStringLiteral("About 2 min")));
  CHECK(form.costText().contains(QStringLiteral("training run 7")));
  form.rounds()->setValue(12);
  form.seeds()->setValue(3);
  // 3 x (0.05 + 0.10 + ... + 0.60) + 1 = 3 x 3.90 + 1 = 12.7 trainings' worth.
  CHECK(form.estimatedSeconds() == Approx(1270.0));
  CHECK(form.costText().contains(QStringLiteral("About 22 min")));
}

TEST_CASE(
    "Simulate active learning: each round from the last model, random or pretrained weights") {
  ui::AlSimulationForm form;
  QComboBox* retrain = form.retrain();
  REQUIRE(retrain->count() == 3);
  // Random weights at first, as al-simulate's default: no pretraining then,
  // as --retrain scratch --pretrain is refused.
  CHECK(form.options().retrain == active::AlRetrain::Scratch);
  CHECK_FALSE(form.pretrain()->isChecked());
  CHECK_FALSE(form.pretrain()->isEnabled());
  CHECK_FALSE(form.options().pretrain);
  // Pretraining once, then warm rounds, is a choice of its own.
  retrain->setCurrentIndex(0);
  CHECK(form.options().retrain == active::AlRetrain::Warm);
  REQUIRE(form.pretrain()->isEnabled());
  form.pretrain()->setChecked(true);
  CHECK(form.options().pretrain);
  // Back to random weights: the pretraining is ruled out again.
  retrain->setCurrentIndex(1);
  CHECK(form.options().retrain == active::AlRetrain::Scratch);
  CHECK_FALSE(form.pretrain()->isChecked());
  CHECK_FALSE(form.options().pretrain);
  // Pretrained weights each round imply the pretraining.
  retrain->setCurrentIndex(2);
  CHECK(form.options().retrain == active::AlRetrain::Pretrained);
  CHECK(form.options().pretrain);
  CHECK_FALSE(form.pretrain()->isEnabled());
  CHECK(form.costText().contains(QStringLiteral("after one pretraining")));
  retrain->setCurrentIndex(0);
  CHECK(form.pretrain()->isEnabled());
  CHECK(form.options().retrain == active::AlRetrain::Warm);
}
