// Not run by ctest (hidden tag): renders the model-in-the-loop views on the
// WNUT-17 demo project with a model trained here for half a minute, to PNG
// files for a person to look at:
//   test_ui "[.screenshots]"   (files in $SPANFORGE_SCREENSHOTS or /tmp/spanforge-shots)
#include "active/modelregistration.h"
#include "documents/documentbrowser.h"
#include "documents/documentlistmodel.h"
#include "editor/editorpane.h"
#include "editor/helpoverlay.h"
#include "editor/spaneditor.h"
#include "modelloop/evaluation/errormatrixmodel.h"
#include "modelloop/evaluation/evaluationview.h"
#include "modelloop/modelloop.h"
#include "modelloop/rankingcontroller.h"
#include "modelloop/review/reviewqueueview.h"
#include "modelloop/suggestioncontroller.h"
#include "project/demoproject.h"
#include "shell/mainwindow.h"
#include "shotsdir.h"
#include "store/projectstore.h"
#include "store/rankingrepository.h"
#include "train/data/projectdata.h"
#include "train/package/modelpackage.h"
#include "train/trainer.h"
#include "uitestproject.h"

#include "catchapi.h"

#include <QComboBox>
#include <QDir>
#include <QSignalSpy>
#include <QTableView>

using namespace spanforge;
using spanforge::testing::TempDir;
using spanforge::testing::waitFor;

using spanforge::testing::shotsDir;

namespace {

void save(QWidget* w, const QString& name) {
  QTest::qWait(200);
  const QString path = shotsDir() + QLatin1Char('/') + name;
  REQUIRE(w->grab().save(path));
  WARN("wrote " << path.toStdString());
}

// A model trained on the demo's accepted documents, registered and current.
void trainDemoModel(const std::string& projectPath, const std::string& modelDir) {
  auto project = store::ProjectStore::open(projectPath);
  train::TrainConfig c;
  c.model.hashRows = 20000;
  c.model.wordDim = 64;
  c.model.hidden = 96;
  c.training.maxSteps = 400;
  c.training.evalFrequency = 200;
  c.training.batchWords = 600;
  c.training.learningRate = 0.003;
  c.training.patience = 0;
  c.device.device = "cpu";
  c.device.threads = 1;
  train::TrainingData data = train::TrainingData::load(*project, c.data);
  train::Trainer trainer(c, data.train, data.dev, modelDir);
  const auto finished = trainer.run();
  INFO(finished.message);
  REQUIRE_FALSE(finished.modelPath.empty());
  const int64_t id = active::ModelRegistration::ensure(*project, modelDir,
                                                       train::ModelPackage::readInfo(modelDir));
  project->runs().setCurrentModel(id);
}

}  // namespace

TEST_CASE("Screenshots of suggestions, the review queue and the evaluation", "[.screenshots]") {
  TempDir dir;
  const std::string path = dir.file("demo.spanforge");
  project::createDemoProject(path);
  trainDemoModel(path, dir.file("demo-model"));

  const auto settings = spanforge::testing::makeSettings(dir);
  ui::MainWindow window(*settings);
  window.resize(1400, 900);
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  REQUIRE(window.openProject(QString::fromStdString(path)));
  ui::ModelLoop* loop = window.modelLoop();

  loop->rankAction()->trigger();
  REQUIRE(waitFor([&] { return !loop->ranking()->running(); }, 120000));
  window.browser()->orderCombo()->setCurrentIndex(1);
  // The ranked document with the most suggestions; one accepted (solid gold
  // beside dashed suggestions), the next one selected.
  int64_t shown = 0;
  size_t most = 0;
  {
    auto project = store::ProjectStore::open(path);
    const int64_t model = project->runs().currentModel()->id;
    for (const auto& r : store::RankingRepository(project->db()).page(model, "lc", 0, 300)) {
      const size_t n = project->predictions().get(r.document.id, model).size();
      if (n > most && r.document.length < 200) most = n, shown = r.document.id;
    }
  }
  REQUIRE(shown != 0);
  REQUIRE(window.browser()->selectDocument(shown));
  REQUIRE(window.editor()->suggestionCount() > 1);
  window.editor()->selectSuggestion(0);
  window.editor()->acceptSelectedSuggestion();
  window.editor()->setFocus();
  save(&window, QStringLiteral("suggestions.png"));
  {  // A close-up, nothing selected: dashed suggestions beside solid gold.
    window.editor()->clearSelection();
    QTest::qWait(100);
    const QPixmap pm = window.editor()->viewport()->grab(QRect(0, 0, 900, 64));
    REQUIRE(pm.scaled(pm.size() * 2, Qt::KeepAspectRatio, Qt::SmoothTransformation)
                .save(shotsDir() + QStringLiteral("/suggestions-closeup.png")));
  }

  window.editorPane()->help()->toggle();  // F1: the keys, suggestions included
  save(&window, QStringLiteral("help.png"));
  window.editorPane()->help()->toggle();

  window.setWorkspace(ui::Workspace::Review);
  QTableView* table = loop->reviewQueue()->table();
  table->setFocus();
  table->setCurrentIndex(table->model()->index(2, 0));
  save(&window, QStringLiteral("reviewqueue.png"));

  QSignalSpy evaluated(loop->evaluation(), &ui::EvaluationView::evaluated);
  window.setWorkspace(ui::Workspace::Evaluate);
  REQUIRE((!evaluated.isEmpty() || evaluated.wait(120000)));
  ui::ErrorMatrixModel* matrix = loop->evaluation()->matrixModel();
  const QModelIndex cell = matrix->index(0, matrix->missedColumn());
  loop->evaluation()->matrix()->setCurrentIndex(cell);
  save(&window, QStringLiteral("evaluation.png"));
  save(loop->evaluation(), QStringLiteral("evaluation-view.png"));
}
