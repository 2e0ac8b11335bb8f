// The Setup page's "Start from": random or pretrained weights, with what the
// pretraining did or why a folder cannot be used (Train is then disabled).
#include "../../../train/traintestdata.h"
#include "tempdir.h"
#include "train/pretrain/pretrainer.h"
#include "training/setup/pretrainedchooser.h"
#include "training/setup/trainingsetup.h"
#include "widgetinput.h"

#include "catchapi.h"

#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QTest>

#include <filesystem>

using namespace spanforge;
using namespace spanforge::ui;
using spanforge::testing::TempDir;

namespace {

QString pretrainedFolder(const TempDir& dir) {
  auto config = train::testing::tinyConfig();
  config.pretraining.maxSteps = 2;
  config.pretraining.batchWords = 300;
  std::vector<std::vector<std::string>> text;
  const auto corpus = train::testing::head(train::testing::demoTrain(), 40);
  for (const auto& e : corpus.examples()) text.push_back(e.tokens);
  const std::string out = dir.file("pre");
  REQUIRE(train::Pretrainer(config, text, out).run().reason == train::FinishReason::MaxSteps);
  return QString::fromStdString(out);
}

using spanforge::testing::clickBox;

}  // namespace

TEST_CASE("Start from: random by default, pretrained weights with their summary") {
  TempDir dir;
  const QString folder = pretrainedFolder(dir);
  TrainingSetup setup({});
  setup.resize(1100, 750);
  setup.show();
  PretrainedChooser* chooser = setup.pretrained();
  REQUIRE(chooser);
  CHECK(chooser->randomButton()->isChecked());
  CHECK(setup.config().model.pretrained.empty());
  REQUIRE(setup.trainButton()->isEnabled());

  // Pretrained, but no folder yet: Train says what is missing.
  clickBox(chooser->pretrainedButton());
  CHECK(chooser->pretrainedButton()->isChecked());
  CHECK_FALSE(setup.trainButton()->isEnabled());
  CHECK(setup.trainButton()->toolTip().contains(QStringLiteral("Choose the folder")));

  chooser->setFolder(folder);
  CHECK(chooser->error().isEmpty());
  CHECK(chooser->summaryLabel()->text().contains(
      QStringLiteral("Pretrained 2 steps on 40 sentences")));
  CHECK(setup.config().model.pretrained == folder.toStdString());
  CHECK(setup.trainButton()->isEnabled());
  const QString shots = QDir::tempPath() + QStringLiteral("/spanforge-shots");
  QDir().mkpath(shots);
  REQUIRE(setup.grab().save(shots + QStringLiteral("/setup-pretrained.png")));

  // A folder that is not pretrain output: named, and Train stays off.
  std::filesystem::create_directories(dir.file("other"));
  chooser->setFolder(QString::fromStdString(dir.file("other")));
  CHECK(chooser->error().contains(QStringLiteral("pretrain.json")));
  CHECK(chooser->summaryLabel()->text() == chooser->error());
  CHECK_FALSE(setup.trainButton()->isEnabled());
  REQUIRE(setup.grab().save(shots + QStringLiteral("/setup-pretrained-error.png")));

  // Back to random weights.
  clickBox(chooser->randomButton());
  CHECK(setup.config().model.pretrained.empty());
  CHECK(setup.trainButton()->isEnabled());

  // A config naming pretrained weights shows them.
  auto config = train::defaultConfig();
  config.model.pretrained = folder.toStdString();
  setup.setConfig(config);
  CHECK(chooser->pretrainedButton()->isChecked());
  CHECK(chooser->folder() == folder);
  CHECK(setup.config().model.pretrained == folder.toStdString());
}
