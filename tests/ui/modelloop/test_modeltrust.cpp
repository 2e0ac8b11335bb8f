// A project names its current model by path; one from someone else may name
// any folder. Outside the project's folder the model is loaded only after
// the user agreed (issue #31), once per folder, remembered in the settings.
#include "active/modelregistration.h"
#include "modelloop/modelloop.h"
#include "modelloop/modelloopproject.h"
#include "modelloop/modeltrust.h"
#include "modelloop/suggestioncontroller.h"
#include "shell/mainwindow.h"
#include "uitestproject.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>

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
    CHECK_FALSE(window.modelLoop()->rankAction()->isEnabled());
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
