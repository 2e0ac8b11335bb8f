// The review queue: predicted spans across the project, least confident
// first, paged and filtered (checked with QAbstractItemModelTester), and
// driven from the keyboard: accept, reject, relabel, fix boundaries, jump to
// the document; every decision saved at once and undoable.
#include "modelloop/modelloopharness.h"
#include "modelloop/review/reviewqueuemodel.h"
#include "modelloop/review/reviewqueueview.h"
#include "session/annotationsession.h"
#include "store/reviewqueue.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QTableView>
#include <QUndoStack>

using namespace spanforge;
using spanforge::testing::ModelLoopHarness;
using spanforge::testing::TempDir;
using spanforge::testing::waitFor;
using text::ScoredSpan;
using text::Span;

namespace {

// Pool documents 0 and 1 read "Dave met Globex in Paris . #0" and
// "Erin works for Globex . #1"; in the queue (lowest score first): Paris
// 0.30, Erin 0.40, Globex(1) 0.50, Globex(0) 0.60, Dave 0.90.
void predict(store::ProjectStore& p) {
  const auto docs = p.documents().page({}, 0, 2);
  const int64_t model = p.runs().currentModel()->id;
  p.predictions().set(docs[0].id, model,
                      {{{0, 4, "PER"}, 0.9}, {{9, 15, "ORG"}, 0.6}, {{19, 24, "LOC"}, 0.3}});
  p.predictions().set(docs[1].id, model, {{{0, 4, "PER"}, 0.4}, {{15, 21, "ORG"}, 0.5}});
}

struct Review {
  ModelLoopHarness h{4, 0, predict};
  ui::ReviewQueueView* view = h.loop().reviewQueue();
  QTableView* table = view->table();

  Review() {
    QTest::keyClick(&h.window(), Qt::Key_3, Qt::ControlModifier);  // the Review workspace
    REQUIRE(waitFor([&] { return view->isVisible(); }));
    REQUIRE(h.editor()->isVisible());  // beside the queue
    table->setFocus(Qt::OtherFocusReason);
    REQUIRE(waitFor([&] { return QApplication::focusWidget() == table; }));
    table->setCurrentIndex(table->model()->index(0, 0));
  }
  const store::ReviewItem& current() { return view->model()->item(table->currentIndex().row()); }
  void key(Qt::Key k, Qt::KeyboardModifiers mods = {}) { QTest::keyClick(table, k, mods); }
};

}  // namespace

TEST_CASE("Review queue model: least confident first, paged, filtered") {
  TempDir dir;
  const auto made = spanforge::testing::makeModelProject(dir, 130);
  auto project = store::ProjectStore::open(made.path);
  {
    store::Transaction tx(project->db());
    for (size_t i = 0; i < made.pool.size(); ++i)
      project->predictions().set(made.pool[i], made.modelId,
                                 {{{0, 4, i % 2 ? "PER" : "ORG"}, double((i * 37) % 100) / 100.0}});
    tx.commit();
  }
  store::ReviewQueue queue(project->db());
  ui::ReviewQueueModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  store::ReviewFilter filter;
  filter.modelId = made.modelId;
  model.setQueue(&queue, filter);
  CHECK(model.totalCount() == 130);
  REQUIRE(model.rowCount() == ui::ReviewQueueModel::kPageSize);
  CHECK(model.columnCount() == ui::ReviewQueueModel::ColumnCount);
  REQUIRE(model.canFetchMore({}));
  model.fetchMore({});
  REQUIRE(model.rowCount() == 130);
  CHECK_FALSE(model.canFetchMore({}));
  for (int r = 1; r < model.rowCount(); ++r) CHECK(model.item(r - 1).score <= model.item(r).score);
  CHECK(model.index(0, ui::ReviewQueueModel::ScoreColumn).data().toString() == "0.00");
  CHECK(model.index(0, ui::ReviewQueueModel::ContextColumn)
            .data(ui::ReviewQueueModel::SpanTextRole)
            .toString()
            .size() == 4);

  filter.label = "PER";
  filter.minScore = 0.2;
  filter.maxScore = 0.5;
  model.setFilter(filter);
  REQUIRE(model.rowCount() > 0);
  CHECK(model.totalCount() == model.rowCount());
  for (int r = 0; r < model.rowCount(); ++r) {
    CHECK(model.item(r).span.label == "PER");
    CHECK(model.item(r).score >= 0.2);
    CHECK(model.item(r).score <= 0.5);
  }
  // A draft shows other boundaries in one row until cleared.
  store::ReviewItem draft = model.item(0);
  draft.text = "edited";
  model.setDraft(0, draft);
  CHECK(model.index(0, 2).data(ui::ReviewQueueModel::SpanTextRole).toString() == "edited");
  model.clearDraft();
  CHECK(model.index(0, 2).data(ui::ReviewQueueModel::SpanTextRole).toString() != "edited");
}

TEST_CASE("Review queue: Space accepts, Delete rejects, a label key relabels, undo brings back") {
  Review r;
  ModelLoopHarness& h = r.h;
  const int64_t doc0 = h.project().pool[0], doc1 = h.project().pool[1];
  REQUIRE(r.view->model()->totalCount() == 5);
  CHECK(r.current().span == Span{19, 24, "LOC"});
  // Moving to a row shows its document, the suggestion selected.
  REQUIRE(h.editor()->documentId() == doc0);
  CHECK(h.editor()->suggestion(h.editor()->selectedSuggestion()).span == Span{19, 24, "LOC"});

  r.key(Qt::Key_Space);
  CHECK(h.gold(doc0) == std::vector<Span>{{19, 24, "LOC"}});
  CHECK(h.predictions(doc0).size() == 2);
  REQUIRE(waitFor([&] { return r.view->model()->totalCount() == 4; }));
  // The next one is current: Erin (0.40).
  CHECK(r.current().span == Span{0, 4, "PER"});
  CHECK(r.current().documentId == doc1);
  CHECK(QApplication::focusWidget() == r.table);

  r.key(Qt::Key_Delete);  // reject Erin
  CHECK(h.predictions(doc1).size() == 1);
  CHECK(h.gold(doc1).empty());
  REQUIRE(waitFor([&] { return r.view->model()->totalCount() == 3; }));
  CHECK(r.current().span == Span{15, 21, "ORG"});

  r.key(Qt::Key_3);  // Globex in document 1 is a LOC here
  CHECK(h.gold(doc1) == std::vector<Span>{{15, 21, "LOC"}});
  CHECK(h.predictions(doc1).empty());
  REQUIRE(waitFor([&] { return r.view->model()->totalCount() == 2; }));

  // Undo from the queue (Ctrl+Z): the relabelled span is a prediction again.
  QTest::keyClick(r.table, Qt::Key_Z, Qt::ControlModifier);
  CHECK(h.gold(doc1).empty());
  REQUIRE(waitFor([&] { return r.view->model()->totalCount() == 3; }));
}

TEST_CASE("Review queue: fix boundaries with the keyboard, then accept, Enter opens the editor") {
  Review r;
  ModelLoopHarness& h = r.h;
  const int64_t doc0 = h.project().pool[0];
  // Row 3 is Globex in document 0 (0.60): widen it to "Globex in Paris".
  r.table->setCurrentIndex(r.view->model()->index(3, 0));
  REQUIRE(r.current().span == Span{9, 15, "ORG"});
  r.key(Qt::Key_Right, Qt::ShiftModifier);
  r.key(Qt::Key_Right, Qt::ShiftModifier);
  CHECK(r.view->model()->index(3, 2).data(ui::ReviewQueueModel::SpanTextRole).toString() ==
        "Globex in Paris");
  r.key(Qt::Key_Left, Qt::ControlModifier);  // the start one token earlier
  CHECK(r.view->model()->index(3, 2).data(ui::ReviewQueueModel::SpanTextRole).toString() ==
        "met Globex in Paris");
  r.key(Qt::Key_Escape);  // restore
  CHECK(r.view->model()->index(3, 2).data(ui::ReviewQueueModel::SpanTextRole).toString() ==
        "Globex");
  r.key(Qt::Key_Right, Qt::ShiftModifier);
  r.key(Qt::Key_Right, Qt::ShiftModifier);
  r.key(Qt::Key_Space);
  // Overlapping predictions of the model (Paris) give way to the edited span.
  CHECK(h.gold(doc0) == std::vector<Span>{{9, 24, "ORG"}});
  CHECK(h.predictions(doc0).size() == 1);  // Dave

  REQUIRE(waitFor([&] { return r.view->model()->totalCount() == 3; }));
  r.table->setCurrentIndex(r.view->model()->index(0, 0));
  const store::ReviewItem item = r.current();
  r.key(Qt::Key_Return);
  CHECK(h.editor()->documentId() == item.documentId);
  CHECK(QApplication::focusWidget() == h.editor());
  REQUIRE(h.editor()->selectedSuggestion() >= 0);
  CHECK(h.editor()->suggestion(h.editor()->selectedSuggestion()).span == item.span);
}

TEST_CASE("Review queue: label and score filters") {
  Review r;
  r.view->labelCombo()->setCurrentIndex(r.view->labelCombo()->findData(QStringLiteral("ORG")));
  CHECK(r.view->model()->totalCount() == 2);
  r.view->minScore()->setValue(0.55);
  CHECK(r.view->model()->totalCount() == 1);
  CHECK(r.view->model()->item(0).score == Approx(0.6));
  r.view->labelCombo()->setCurrentIndex(0);
  r.view->maxScore()->setValue(0.8);
  CHECK(r.view->model()->totalCount() == 1);
  r.view->minScore()->setValue(0.0);
  r.view->maxScore()->setValue(1.0);
  CHECK(r.view->model()->totalCount() == 5);

  // "Probably wrong": the spans scored below one half (0.3 and 0.4).
  QTest::mouseClick(r.view->probablyWrong(), Qt::LeftButton);
  CHECK(r.view->probablyWrong()->isChecked());
  CHECK(r.view->model()->totalCount() == 2);
  for (int i = 0; i < 2; ++i) CHECK(r.view->model()->item(i).score < 0.5);
  r.view->maxScore()->setValue(0.8);  // another range: no longer "probably wrong"
  CHECK_FALSE(r.view->probablyWrong()->isChecked());
  QTest::mouseClick(r.view->probablyWrong(), Qt::LeftButton);
  CHECK(r.view->model()->totalCount() == 2);
  QTest::mouseClick(r.view->probablyWrong(), Qt::LeftButton);
  CHECK(r.view->model()->totalCount() == 5);
}

TEST_CASE("Review queue: decisions made in the editor update it and leave the editor in place") {
  Review r;
  ModelLoopHarness& h = r.h;
  const int64_t doc0 = h.project().pool[0];
  REQUIRE(h.editor()->documentId() == doc0);  // the first row's document, Paris selected
  h.editor()->setFocus(Qt::OtherFocusReason);
  REQUIRE(waitFor([&] { return QApplication::focusWidget() == h.editor(); }));
  QTest::keyClick(h.editor(), Qt::Key_Space);
  CHECK(h.gold(doc0) == std::vector<Span>{{19, 24, "LOC"}});
  REQUIRE(waitFor([&] { return r.view->model()->totalCount() == 4; }));
  QTest::qWait(50);
  CHECK(h.editor()->documentId() == doc0);
  CHECK(QApplication::focusWidget() == h.editor());
}
