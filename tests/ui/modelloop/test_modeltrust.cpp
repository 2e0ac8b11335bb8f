// A project names its current model by path; one from someone else may name
// any folder. Outside the project's folder the model is loaded only after
// the user agreed (issue #31), once per folder, remembered in the settings.
#include "active/modelregistration.h"
#include "documents/documentbrowser.h"
#include "editor/spaneditor.h"
#include "modelloop/modelloop.h"
#include "modelloop/modelloopproject.h"
#include "modelloop/modeltrust.h"
#include "modelloop/packagefixtures.h"
#include "modelloop/rankingcontroller.h"
#include "modelloop/suggestioncontroller.h"
#include "shell/mainwindow.h"
#include "train/package/legacypackage.h"
#include "uitestproject.h"

#include "catchapi.h"

#include <QDir>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>

#include <filesystem>

using namespace spanforge;
using spanforge::testing::makeModelProject;
using spanforge::testing::TempDir;
using spanforge::testing::tinyModelPackage;

namespace {

// A project whose current model is the shared package, outside its folder.
std::string projectWithOutsideModel(const TempDir& dir) {
  const auto project = makeModelProject(dir, 3);
  auto store = store::ProjectStore::open(project.path);
  const std::string& outside = tinyModelPackage();
  const int64_t id =
      active::ModelRegistration::ensure(*store, outside, train::ModelPackage::readInfo(outside));
  store->runs().setCurrentModel(id);
  return project.path;
}

struct Asked {
  std::vector<std::pair<ui::ModelTrust::Question, QString>> questions;
  bool answer = false;
  ui::ModelTrust::Asker asker() {
    return [this](ui::ModelTrust::Question q, const QString& folder) {
      questions.emplace_back(q, folder);
      return answer;
    };
  }
};

}  // namespace

TEST_CASE("Model trust: a model outside the project's folder is not loaded unless allowed") {
  TempDir dir;
  const std::string path = projectWithOutsideModel(dir);
  const QString folder = QDir(QString::fromStdString(tinyModelPackage())).canonicalPath();
  const auto settings = spanforge::testing::makeSettings(dir);
  Asked asked;
  {
    ui::MainWindow window(*settings);
    window.modelTrust()->setAsker(asked.asker());
    QSignalSpy messages(window.modelLoop(), &ui::ModelLoop::message);
    REQUIRE(window.openProject(QString::fromStdString(path)));
    REQUIRE(asked.questions.size() == 1);
    CHECK(asked.questions[0].first == ui::ModelTrust::Question::OutsideProject);
    CHECK(asked.questions[0].second == folder);
    CHECK_FALSE(window.modelLoop()->suggestions()->model());
    CHECK_FALSE(window.modelLoop()->ranking()->model());  // nothing ranks with it either
    REQUIRE_FALSE(messages.isEmpty());
    CHECK(messages.back().front().toString().contains(QStringLiteral("was not loaded")));
    // Declined: not asked again in this session.
    window.modelLoop()->reloadModel();
    CHECK(asked.questions.size() == 1);
    CHECK(window.modelTrust()->trustedFolders().isEmpty());
  }

  asked.answer = true;
  {
    ui::MainWindow window(*settings);
    window.modelTrust()->setAsker(asked.asker());
    REQUIRE(window.openProject(QString::fromStdString(path)));
    CHECK(asked.questions.size() == 2);
    REQUIRE(window.modelLoop()->suggestions()->model());
    CHECK(window.modelTrust()->trustedFolders() == QStringList{folder});
  }
  // Allowed once: remembered in the settings, not asked again.
  ui::MainWindow window(*settings);
  window.modelTrust()->setAsker(asked.asker());
  REQUIRE(window.openProject(QString::fromStdString(path)));
  CHECK(asked.questions.size() == 2);
  CHECK(window.modelLoop()->suggestions()->model());
}

TEST_CASE("Model trust: the project's own models are loaded without a question") {
  TempDir dir;
  const auto project = makeModelProject(dir, 3);  // its model in m.models/
  const auto settings = spanforge::testing::makeSettings(dir);
  Asked asked;
  ui::MainWindow window(*settings);
  window.modelTrust()->setAsker(asked.asker());
  REQUIRE(window.openProject(QString::fromStdString(project.path)));
  CHECK(asked.questions.empty());
  CHECK(window.modelLoop()->suggestions()->model());
}

TEST_CASE("Model trust: an old-format package is converted only when the user agrees") {
  TempDir dir;
  const auto project = makeModelProject(dir, 3);
  const std::string package = dir.file("m.models/tiny-model");
  spanforge::testing::makeOldFormatPackage(package);
  REQUIRE(train::LegacyPackage::isLegacy(package));
  const auto settings = spanforge::testing::makeSettings(dir);
  Asked asked;
  {
    ui::MainWindow window(*settings);
    window.modelTrust()->setAsker(asked.asker());
    QSignalSpy messages(window.modelLoop(), &ui::ModelLoop::message);
    REQUIRE(window.openProject(QString::fromStdString(project.path)));
    REQUIRE(asked.questions.size() == 1);
    CHECK(asked.questions[0].first == ui::ModelTrust::Question::OldFormat);
    CHECK(asked.questions[0].second == QDir(QString::fromStdString(package)).canonicalPath());
    CHECK_FALSE(window.modelLoop()->suggestions()->model());
    REQUIRE_FALSE(messages.isEmpty());
    CHECK(messages.back().front().toString().contains(QStringLiteral("old format")));
    CHECK(train::LegacyPackage::isLegacy(package));  // untouched
    window.modelLoop()->reloadModel();
    CHECK(asked.questions.size() == 1);  // asked once
  }
  asked.answer = true;
  ui::MainWindow window(*settings);
  window.modelTrust()->setAsker(asked.asker());
  REQUIRE(window.openProject(QString::fromStdString(project.path)));
  CHECK(asked.questions.size() == 2);
  CHECK_FALSE(train::LegacyPackage::isLegacy(package));
  CHECK(std::filesystem::exists(package + "/" + train::ModelPackage::kWeightsFile));
  CHECK_FALSE(std::filesystem::exists(package + "/weights.pt"));
  REQUIRE(window.modelLoop()->suggestions()->model());
  // The converted model predicts.
  REQUIRE(window.browser()->selectDocument(project.pool[0]));
  REQUIRE(spanforge::testing::waitFor(
      [&] { return !window.modelLoop()->suggestions()->predicting(); }, 30000));
  CHECK_FALSE(window.statusBar()->currentMessage().startsWith(QStringLiteral("Cannot predict")));
}

// Issue #31, finding 2: a tensor shorter than its header crashed the GUI as
// the project opened, and again at every start (the project stays recent).
TEST_CASE("Model trust: a package with a cut-off tensor is reported, not a crash") {
  TempDir dir;
  const auto project = makeModelProject(dir, 3);
  spanforge::testing::cutPackageWeights(dir.file("m.models/tiny-model"));
  const auto settings = spanforge::testing::makeSettings(dir);
  ui::MainWindow window(*settings);
  QSignalSpy messages(window.modelLoop(), &ui::ModelLoop::message);
  REQUIRE(window.openProject(QString::fromStdString(project.path)));
  REQUIRE(window.browser()->selectDocument(project.pool[0]));
  REQUIRE(spanforge::testing::waitFor(
      [&] {
        for (const auto& m : messages)
          if (m.front().toString().startsWith(QStringLiteral("Cannot predict"))) return true;
        return false;
      },
      30000));
  QString text;
  for (const auto& m : messages) text += m.front().toString() + QLatin1Char('\n');
  INFO(text.toStdString());
  CHECK(text.contains(QStringLiteral("weights.safetensors")));
  CHECK(window.editor()->suggestionCount() == 0);
}
