// The Setup page's "Word vectors": none, or a file read in the background with
// its size, words and coverage of the project, or why it cannot be used (Train
// is then disabled); a file chosen in the dialog brings the vectors recipe.
#include "shell/demoprojectbuilder.h"
#include "shotsdir.h"
#include "store/projectstore.h"
#include "tempdir.h"
#include "train/config/vectorsrecipe.h"
#include "training/setup/trainingsetup.h"
#include "training/setup/vectorschooser.h"
#include "widgetinput.h"

#include "catchapi.h"

#include <QFileDialog>
#include <QLabel>
#include <QPushButton>
#include <QTest>

#include <fstream>

using namespace spanforge;
using namespace spanforge::ui;
using spanforge::testing::TempDir;

namespace {

// Two documents: "Ann saw Bob" (accepted) and "Bob saw Zed" (unlabelled).
QString projectWithTwoDocuments(const TempDir& dir) {
  auto p = store::ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("PER");
  for (const auto& [words, status] :
       {std::pair{std::vector<std::string>{"Ann", "saw", "Bob"}, text::DocStatus::Accepted},
        std::pair{std::vector<std::string>{"Bob", "saw", "Zed"}, text::DocStatus::Unlabelled}}) {
    text::Document d;
    for (const auto& w : words) {
      if (!d.text.empty()) d.text += ' ';
      const auto start = static_cast<int64_t>(d.text.size());
      d.text += w;
      d.tokens.push_back({w, start, static_cast<int64_t>(d.text.size())});
    }
    d.status = status;
    p->documents().add(d);
  }
  return QString::fromStdString(p->path());
}

QString writeText(const TempDir& dir, const std::string& name, const std::string& content) {
  std::ofstream(dir.file(name), std::ios::binary) << content;
  return QString::fromStdString(dir.file(name));
}

void waitRead(const VectorsChooser* chooser) {
  for (int i = 0; i < 500 && chooser->isReading(); ++i) QTest::qWait(10);
  REQUIRE_FALSE(chooser->isReading());
}

using spanforge::testing::clickBox;

}  // namespace

TEST_CASE("Word vectors: none by default, then a chosen file with its size, words and coverage") {
  TempDir dir;
  TrainingSetup setup({});
  setup.resize(1100, 750);
  setup.show();
  setup.setProjectPath(projectWithTwoDocuments(dir));
  VectorsChooser* chooser = setup.vectors();
  REQUIRE(chooser);
  CHECK(setup.config().model.vectors.empty());
  CHECK(chooser->summaryLabel()->text().startsWith("None:"));
  CHECK_FALSE(chooser->noneButton()->isEnabled());

  // Chosen in the dialog: read in the background, then described.
  const QString file = writeText(dir, "glove.txt", "ann 0.1 0.2\nsaw 0.3 0.4\n");
  clickBox(chooser->chooseButton());
  auto* dialog = chooser->findChild<QFileDialog*>();
  REQUIRE(dialog);
  CHECK(dialog->isVisible());
  dialog->selectFile(file);
  QMetaObject::invokeMethod(dialog, "accept");
  waitRead(chooser);
  CHECK(chooser->error().isEmpty());
  const QString summary = chooser->summaryLabel()->text();
  CAPTURE(summary.toStdString());
  CHECK(summary.contains("glove.txt: 24 bytes, 2 words × 2 dimensions."));
  CHECK(summary.contains("They cover 50.0% of the project's 6 words (50.0% of its 4 distinct"));
  CHECK(summary.contains("Most frequent without a vector: Bob (2), Zed (1)."));
  train::TrainConfig expected = train::defaultConfig();
  train::applyVectorsRecipe(expected, file.toStdString());
  CHECK(setup.config() == expected);
  CHECK(setup.config().model.dropout == 0.5);  // the recipe with vectors
  CHECK(setup.validationError().isEmpty());

  clickBox(chooser->noneButton());
  CHECK(setup.config().model.vectors.empty());
  CHECK(setup.config() == train::defaultConfig());
  CHECK(chooser->summaryLabel()->text().startsWith("None:"));
}

TEST_CASE("Word vectors: a file that cannot be read disables Train and says why") {
  TempDir dir;
  TrainingSetup setup({});
  setup.setProjectPath(projectWithTwoDocuments(dir));
  VectorsChooser* chooser = setup.vectors();
  const QString good = writeText(dir, "good.txt", "ann 0.1 0.2\n");
  const QString bad = writeText(dir, "bad.txt", "ann 0.1 0.2\nsaw 0.3\n");
  chooser->setFile(good);
  chooser->setFile(bad);  // the good file's result, arriving later, is dropped
  CHECK(setup.validationError() == "Reading the word vectors…");
  waitRead(chooser);
  QTest::qWait(50);
  CAPTURE(chooser->summaryLabel()->text().toStdString());
  CHECK(chooser->error().startsWith("Cannot use bad.txt:"));
  CHECK(chooser->error().contains(":2"));
  CHECK(chooser->summaryLabel()->text() == chooser->error());
  CHECK(setup.validationError() == chooser->error());
  CHECK(setup.config().model.vectors == bad.toStdString());

  // A loaded config's vectors are read as a chosen file's are.
  train::TrainConfig config;
  config.model.vectors = good.toStdString();
  setup.setConfig(config);
  waitRead(chooser);
  CHECK(chooser->error().isEmpty());
  CHECK(chooser->summaryLabel()->text().contains("1 words × 2 dimensions"));
}

// The Setup page on the demo project with real vectors, whose file tests
// never ship: SPANFORGE_SHOT_VECTORS=glove.txt test_ui "[.screenshots]".
TEST_CASE("Screenshot of the Setup page with word vectors", "[.screenshots]") {
  if (!qEnvironmentVariableIsSet("SPANFORGE_SHOT_VECTORS"))
    SKIP_TEST("set SPANFORGE_SHOT_VECTORS to a vectors file");
  TempDir dir;
  const QString path = QString::fromStdString(dir.file("demo.sfproj"));
  REQUIRE(DemoProjectBuilder().build(path, nullptr).isEmpty());
  TrainingSetup setup({});
  setup.resize(1100, 750);
  setup.show();
  setup.setProjectPath(path);
  setup.vectors()->setFile(qEnvironmentVariable("SPANFORGE_SHOT_VECTORS"));
  for (int i = 0; i < 6000 && setup.vectors()->isReading(); ++i) QTest::qWait(10);
  QTest::qWait(50);
  const QString file = spanforge::testing::shotsDir() + "/setup-vectors.png";
  REQUIRE(setup.grab().save(file));
}
