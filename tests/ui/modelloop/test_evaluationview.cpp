// The evaluation view: the current model scored on the project's dev
// documents in the background, a per-label table and an error matrix whose
// cells list their examples and open them in the editor.
#include "modelloop/evaluation/errorexamplemodel.h"
#include "modelloop/evaluation/errormatrixmodel.h"
#include "modelloop/evaluation/evaluationview.h"
#include "modelloop/evaluation/reliabilityplot.h"
#include "modelloop/modelloopharness.h"
#include "shotsdir.h"

#include <QAbstractItemModelTester>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>

using namespace spanforge;
using spanforge::testing::ModelLoopHarness;
using spanforge::testing::waitFor;

TEST_CASE("Evaluation view: per-label table, error matrix, examples that open in the editor") {
  ModelLoopHarness h(2, 24);
  ui::EvaluationView* view = h.loop().evaluation();
  QAbstractItemModelTester matrixTester(view->matrixModel(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
  QAbstractItemModelTester examplesTester(view->exampleModel(),
                                          QAbstractItemModelTester::FailureReportingMode::Fatal);
  QSignalSpy evaluated(view, &ui::EvaluationView::evaluated);
  QTest::keyClick(&h.window(), Qt::Key_4, Qt::ControlModifier);  // Evaluate: it evaluates
  REQUIRE(h.window().workspace() == ui::Workspace::Evaluate);
  REQUIRE(view->isVisible());
  REQUIRE((!evaluated.isEmpty() || evaluated.wait(30000)));

  // The per-label table: PER, ORG, LOC and the micro average.
  QAbstractItemModel* scores = view->labelTable()->model();
  REQUIRE(scores->rowCount() == 4);
  CHECK(scores->index(3, 0).data().toString().startsWith(QStringLiteral("All")));
  int64_t support = 0;
  for (int r = 0; r < 3; ++r) support += scores->index(r, 4).data().toLongLong();
  CHECK(support == scores->index(3, 4).data().toLongLong());
  CHECK(support > 24);  // every dev sentence has two or three entities

  // The matrix: gold rows x predicted columns plus Missed and Boundary; every
  // example sits in exactly one cell.
  ui::ErrorMatrixModel* matrix = view->matrixModel();
  REQUIRE(matrix->rowCount() == 4);
  REQUIRE(matrix->columnCount() == 5);
  CHECK(matrix->headerData(3, Qt::Vertical).toString() == "No entity");
  CHECK(matrix->headerData(3, Qt::Horizontal).toString() == "Missed");
  size_t cells = 0, diagonal = 0;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 5; ++c) {
      cells += matrix->examples(matrix->index(r, c)).size();
      if (r == c) diagonal += matrix->examples(matrix->index(r, c)).size();
    }
  CHECK(cells > diagonal);  // the tiny model makes mistakes on new names
  CHECK(int64_t(diagonal) <= support);
  CHECK(diagonal > 0);

  // The reliability diagram: a bar per score bin with predicted spans, each
  // as high as the share of them that is right, the ECE in its title.
  ui::ReliabilityPlot* reliability = view->reliability();
  REQUIRE(reliability->isVisible());
  int bins = 0;
  for (const auto& b : view->evaluation()->calibration.bins) {
    if (b.count == 0) continue;
    ++bins;
    const auto it = reliability->bars()->data()->findBegin((b.from + b.to) / 2, false);
    REQUIRE(it != reliability->bars()->data()->constEnd());
    CHECK(it->value == Approx(b.accuracy));
  }
  CHECK(bins > 0);
  CHECK(reliability->bars()->data()->size() == bins);
  // In plain words (points of the score, which way), against what chance gives.
  CHECK(reliability->title().contains(QStringLiteral("points")));
  CHECK(reliability->title().contains(QStringLiteral("chance alone")));
  CHECK(reliability->toolTip().contains(QStringLiteral("ECE")));
  reliability->grab().save(spanforge::testing::shotsDir() + QStringLiteral("/reliability.png"));
  CHECK(view->evaluation()->calibration.spans == view->evaluation()->report.overall.predicted);

  // Click the diagonal cell of the largest label: its examples are listed.
  QModelIndex cell;
  for (int r = 0; r < 3; ++r)
    if (!cell.isValid() ||
        matrix->examples(matrix->index(r, r)).size() > matrix->examples(cell).size())
      cell = matrix->index(r, r);
  REQUIRE_FALSE(matrix->examples(cell).empty());
  const QRect rect = view->matrix()->visualRect(cell);
  QTest::mouseClick(view->matrix()->viewport(), Qt::LeftButton, {}, rect.center());
  REQUIRE(view->exampleModel()->rowCount() == int(matrix->examples(cell).size()));
  const active::DevExample& first = view->exampleModel()->example(0);
  CHECK(first.kind == train::ErrorKind::Correct);
  CHECK(std::find(h.project().dev.begin(), h.project().dev.end(), first.documentId) !=
        h.project().dev.end());

  // Double-click opens the document in the editor (the Annotate workspace)
  // with the entity selected.
  const QRect row = view->examples()->visualRect(view->exampleModel()->index(0, 3));
  QWidget* vp = view->examples()->viewport();
  QTest::mousePress(vp, Qt::LeftButton, {}, row.center());
  QTest::mouseRelease(vp, Qt::LeftButton, {}, row.center());
  QTest::mouseDClick(vp, Qt::LeftButton, {}, row.center());
  REQUIRE(h.editor()->documentId() == first.documentId);
  CHECK(h.window().workspace() == ui::Workspace::Annotate);
  CHECK(h.editor()->isVisible());
  CHECK(QApplication::focusWidget() == h.editor());
  REQUIRE(h.editor()->selectedSpan() >= 0);  // the gold span it matched
  CHECK(h.editor()->span(h.editor()->selectedSpan()) == *first.gold);
}

TEST_CASE("Evaluation view: without dev documents it says so, without a model it waits") {
  ModelLoopHarness h(2, 0);
  ui::EvaluationView* view = h.loop().evaluation();
  QSignalSpy evaluated(view, &ui::EvaluationView::evaluated);
  view->evaluate();
  REQUIRE((!evaluated.isEmpty() || evaluated.wait(30000)));
  CHECK(view->matrixModel()->examples(view->matrixModel()->index(0, 0)).empty());
  CHECK(view->labelTable()->model()->rowCount() == 4);  // the model's labels, all zero
  view->setModel(std::nullopt);
  CHECK_FALSE(view->evaluateButton()->isEnabled());
  CHECK(view->labelTable()->model()->rowCount() == 0);
}
