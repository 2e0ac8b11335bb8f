// Ranking the pool from the GUI: a background job with progress that can be
// cancelled, stored under the model's id; "next most informative" (button
// and Alt+N) walks the ranking; the browser lists it by score.
#include "active/strategy.h"
#include "documents/documentbrowser.h"
#include "documents/documentlistmodel.h"
#include "modelloop/modelloopharness.h"
#include "modelloop/modeltoolbar.h"
#include "modelloop/rankingcontroller.h"
#include "store/rankingrepository.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QLineEdit>
#include <QListView>
#include <QProgressBar>
#include <QSignalSpy>
#include <QStatusBar>

using namespace spanforge;
using spanforge::testing::ModelLoopHarness;
using spanforge::testing::waitFor;

TEST_CASE("Ranking: the strategy combo lists every strategy of the table, in its order") {
  QAction predict, acceptAll, rank, cancelRank, next;
  ui::ModelToolBar bar({&predict, &acceptAll, &rank, &cancelRank, &next});
  const QComboBox* combo = bar.strategyCombo();
  const auto& table = active::strategyTable();
  REQUIRE(combo->count() == static_cast<int>(table.size()));
  for (int i = 0; i < combo->count(); ++i) {
    const active::StrategyInfo& info = table[static_cast<size_t>(i)];
    INFO(info.id);
    CHECK(combo->itemData(i).toString() == QString::fromLatin1(info.id));
    CHECK(combo->itemText(i) == QString::fromUtf8(info.name));
    CHECK(combo->itemData(i, Qt::ToolTipRole).toString() == QString::fromUtf8(info.description));
    CHECK(combo->toolTip().contains(QString::fromUtf8(info.description)));
  }
}

TEST_CASE("Ranking: runs in the background with progress, is stored, feeds next most informative") {
  ModelLoopHarness h(30);
  ui::RankingController* ranking = h.loop().ranking();
  QSignalSpy progress(ranking, &ui::RankingController::progressed);
  QSignalSpy messages(&h.loop(), &ui::ModelLoop::message);
  h.loop().toolBar()->strategyCombo()->setCurrentIndex(
      h.loop().toolBar()->strategyCombo()->findData(QStringLiteral("margin")));
  h.loop().rankAction()->trigger();
  // The job's end arrives as a queued event. Laying out only (no other event) shows the
  // progress while the job is surely still running: polling could miss it on a busy machine.
  QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
  CHECK(ranking->running());
  CHECK(h.loop().toolBar()->progress()->isVisible());
  REQUIRE(waitFor([&] { return !ranking->running(); }, 30000));
  CHECK(waitFor([&] { return !h.loop().toolBar()->progress()->isVisible(); }));
  REQUIRE_FALSE(progress.isEmpty());
  CHECK(progress.back().at(0).toLongLong() == 30);
  CHECK(std::any_of(messages.begin(), messages.end(), [](const QList<QVariant>& m) {
    return m.front().toString().contains(QStringLiteral("Ranked 30 unlabelled document")) &&
           m.front().toString().contains(
               QStringLiteral(" by Margin in "));  // its name, not "margin"
  }));

  // Stored with the model id and strategy; predictions of the pool too.
  const auto project = h.store();
  store::RankingRepository rankings(project->db());
  auto top = rankings.page(h.project().modelId, "margin", 0, 100);
  REQUIRE(top.size() == 30);
  for (size_t i = 1; i < top.size(); ++i) CHECK(top[i - 1].score >= top[i].score);

  // Next most informative: rank 1, then rank 2 (Alt+N from the editor).
  h.editor()->setFocus(Qt::OtherFocusReason);
  QTest::keyClick(&h.window(), Qt::Key_N, Qt::AltModifier);
  CHECK(h.editor()->documentId() == top[0].document.id);
  QTest::keyClick(h.editor(), Qt::Key_N, Qt::AltModifier);
  CHECK(h.editor()->documentId() == top[1].document.id);
  // Accepting a document takes it out of "next".
  QTest::keyClick(h.editor(), Qt::Key_Return);
  h.open(top[0].document.id);
  h.loop().nextAction()->trigger();
  CHECK(h.editor()->documentId() == top[2].document.id);
}

TEST_CASE("Ranking: the browser lists the ranking by score, in a model that passes the tester") {
  ModelLoopHarness h(12, 2);  // and two accepted documents, not in the pool
  ui::DocumentListModel* model = h.window().browser()->model();
  QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  QComboBox* order = h.window().browser()->orderCombo();
  CHECK_FALSE(order->isVisibleTo(h.window().browser()));  // nothing ranked yet
  h.loop().rankAction()->trigger();
  REQUIRE(waitFor([&] { return !h.loop().ranking()->running(); }, 30000));
  REQUIRE(order->isVisibleTo(h.window().browser()));
  order->setCurrentIndex(1);
  REQUIRE(model->ranked());
  REQUIRE(model->rowCount() == 12);
  for (int r = 0; r < model->rowCount(); ++r) {
    const QModelIndex i = model->index(r);
    CHECK(i.data(ui::DocumentListModel::RankRole).toLongLong() == r + 1);
    if (r > 0)
      CHECK(model->index(r - 1).data(ui::DocumentListModel::ScoreRole).toDouble() >=
            i.data(ui::DocumentListModel::ScoreRole).toDouble());
  }
  // Selecting a document in ranked order works like in document order.
  const int64_t last = model->idAt(11);
  REQUIRE(h.window().browser()->selectDocument(last));
  CHECK(h.editor()->documentId() == last);
  CHECK_FALSE(h.window().browser()->selectDocument(h.project().dev[0]));  // not ranked
  order->setCurrentIndex(0);
  CHECK_FALSE(model->ranked());
  CHECK_FALSE(model->index(0).data(ui::DocumentListModel::RankRole).isValid());
}

TEST_CASE("Ranking: Cancel stops the job and keeps the previous ranking") {
  ModelLoopHarness h(40);
  ui::RankingController* ranking = h.loop().ranking();
  QSignalSpy messages(&h.loop(), &ui::ModelLoop::message);
  const auto said = [&](const char* text) {
    return std::any_of(messages.begin(), messages.end(), [&](const QList<QVariant>& m) {
      return m.front().toString().contains(QLatin1String(text));
    });
  };
  ranking->start();
  ranking->cancel();  // before the first batch: nothing is ranked
  REQUIRE(waitFor([&] { return !ranking->running(); }, 30000));
  CHECK(said("cancelled"));
  const auto project = h.store();
  CHECK(store::RankingRepository(project->db()).rankings().empty());
  CHECK(ranking->next(0) == 0);
  CHECK(said("Rank Pool"));
}

// Issue #66: in ranked order the search box turned off without a word, typed
// letters went to the editor as label keys, and the status filter counted
// every document while the list showed the ranked ones.
TEST_CASE("Ranking: typing a search in ranked order lists documents in document order") {
  ModelLoopHarness h(12, 2);
  ui::DocumentBrowser* browser = h.window().browser();
  h.loop().rankAction()->trigger();
  REQUIRE(waitFor([&] { return !h.loop().ranking()->running(); }, 30000));
  browser->orderCombo()->setCurrentIndex(1);
  REQUIRE(browser->model()->ranked());
  // The filter counts what the list holds: the 12 ranked documents.
  CHECK(browser->statusCombo()->itemText(0) == QStringLiteral("All ranked (12)"));
  CHECK(browser->searchEdit()->isEnabled());
  CHECK(browser->labelCombo()->isEnabled());

  const int64_t before = h.editor()->documentId();
  const auto spans = before ? h.gold(before) : std::vector<text::Span>{};
  browser->searchEdit()->setFocus(Qt::MouseFocusReason);
  QTest::keyClicks(browser->searchEdit(), QStringLiteral("Paris"));
  CHECK(browser->searchEdit()->text() == QStringLiteral("Paris"));
  CHECK(browser->orderCombo()->currentIndex() == 0);  // document order again
  CHECK_FALSE(browser->model()->ranked());
  CHECK(h.window().statusBar()->currentMessage().contains(QStringLiteral("document order")));
  CHECK(browser->statusCombo()->itemText(0).startsWith(QStringLiteral("All statuses (")));
  if (before) CHECK(h.gold(before) == spans);  // no letter labelled anything
  // Back to ranked order: the search is cleared, not left hidden.
  browser->orderCombo()->setCurrentIndex(1);
  CHECK(browser->searchEdit()->text().isEmpty());
  REQUIRE(waitFor([&] { return browser->model()->rowCount() == 12; }));
}
