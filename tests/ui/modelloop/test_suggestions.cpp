// Suggestions in the span editor: the current model's predictions drawn
// apart from gold, accepted (as predicted, with another label, all at once),
// rejected, each undoable and saved at once; predictions never become gold
// otherwise; a document without predictions is predicted in the background.
#include "modelloop/modelloopharness.h"
#include "modelloop/suggestioncontroller.h"
#include "session/annotationsession.h"

#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QMenu>
#include <QSignalSpy>
#include <QTimer>
#include <QUndoStack>

using namespace spanforge;
using spanforge::testing::ModelLoopHarness;
using spanforge::testing::waitFor;
using spanforge::testing::withPredictions;
using text::ScoredSpan;
using text::Span;

namespace {

int suggestionLabelled(ui::SpanEditor* editor, const std::string& label) {
  for (int i = 0; i < editor->suggestionCount(); ++i)
    if (editor->suggestion(i).span.label == label) return i;
  return -1;
}

}  // namespace

TEST_CASE("Suggestions: shown dashed apart from gold, Space accepts, undo and redo") {
  auto h = withPredictions();
  const int64_t doc = h.project().pool[0];
  h.open(doc);
  REQUIRE(h.editor()->text().startsWith(QStringLiteral("Dave met Globex in Paris")));
  REQUIRE(h.editor()->suggestionCount() == 3);
  CHECK(h.editor()->spanCount() == 0);  // suggestions are not gold
  CHECK(h.editor()->suggestion(1).span == Span{9, 15, "ORG"});
  CHECK(h.editor()->suggestion(1).score == Approx(0.55));
  // Tags of neighbouring suggestions never cover each other.
  CHECK_FALSE(h.editor()->suggestionTagRect(0).intersects(h.editor()->suggestionTagRect(1)));

  QTest::mouseClick(h.editor()->viewport(), Qt::LeftButton, {}, h.suggestionPoint(1));
  REQUIRE(h.editor()->selectedSuggestion() == 1);
  QTest::keyClick(h.editor(), Qt::Key_Space);
  // Saved at once: gold in the store, the prediction gone.
  CHECK(h.gold(doc) == std::vector<Span>{{9, 15, "ORG"}});
  CHECK(h.predictions(doc).size() == 2);
  CHECK(h.editor()->spanCount() == 1);
  REQUIRE(h.editor()->suggestionCount() == 2);
  // The next suggestion is selected, ready for the next key.
  REQUIRE(h.editor()->selectedSuggestion() >= 0);
  CHECK(h.editor()->suggestion(h.editor()->selectedSuggestion()).span.label == "LOC");

  QTest::keyClick(h.editor(), Qt::Key_Z, Qt::ControlModifier);
  CHECK(h.gold(doc).empty());
  CHECK(h.predictions(doc).size() == 3);
  CHECK(h.editor()->suggestionCount() == 3);
  REQUIRE(h.window().redoAction()->isEnabled());
  h.window().redoAction()->trigger();
  CHECK(h.gold(doc) == std::vector<Span>{{9, 15, "ORG"}});
  CHECK(h.predictions(doc).size() == 2);
}

TEST_CASE("Suggestions: Delete rejects for good, a label key accepts with that label") {
  auto h = withPredictions();
  const int64_t doc = h.project().pool[0];
  h.open(doc);
  // Tab visits suggestions and gold spans in text order.
  QTest::keyClick(h.editor(), Qt::Key_Tab);
  REQUIRE(h.editor()->selectedSuggestion() == 0);
  QTest::keyClick(h.editor(), Qt::Key_Tab);
  QTest::keyClick(h.editor(), Qt::Key_Tab);
  REQUIRE(h.editor()->selectedSuggestion() == suggestionLabelled(h.editor(), "LOC"));
  QTest::keyClick(h.editor(), Qt::Key_Delete);
  CHECK(h.predictions(doc).size() == 2);
  CHECK(h.gold(doc).empty());
  CHECK(suggestionLabelled(h.editor(), "LOC") < 0);

  // "Dave" accepted as ORG with ORG's key.
  QTest::mouseClick(h.editor()->viewport(), Qt::LeftButton, {},
                    h.suggestionPoint(suggestionLabelled(h.editor(), "PER")));
  QTest::keyClick(h.editor(), Qt::Key_2);
  CHECK(h.gold(doc) == std::vector<Span>{{0, 4, "ORG"}});
  CHECK(h.predictions(doc).size() == 1);

  // Away and back: the rejected suggestion does not return, nothing is re-predicted.
  h.open(h.project().pool[1]);
  REQUIRE(waitFor([&] { return !h.loop().suggestions()->predicting(); }, 30000));
  h.open(doc);
  CHECK_FALSE(h.loop().suggestions()->predicting());
  CHECK(h.editor()->suggestionCount() == 1);
  CHECK(h.predictions(doc).size() == 1);
  // Undo twice: the relabelled accept, then the reject.
  QTest::keyClick(h.editor(), Qt::Key_Z, Qt::ControlModifier);
  QTest::keyClick(h.editor(), Qt::Key_Z, Qt::ControlModifier);
  CHECK(h.predictions(doc).size() == 3);
  CHECK(h.gold(doc).empty());
}

TEST_CASE("Suggestions: accept all, and labelling over a suggestion replaces it") {
  auto h = withPredictions();
  const int64_t doc = h.project().pool[0];
  h.open(doc);
  // Label "Globex in" by hand as LOC: the ORG suggestion under it gives way.
  const QRectF from = h.editor()->characterRect(9), to = h.editor()->characterRect(17);
  QTest::mousePress(h.editor()->viewport(), Qt::LeftButton, {}, from.center().toPoint());
  QTest::mouseMove(h.editor()->viewport(), to.center().toPoint());
  QTest::mouseRelease(h.editor()->viewport(), Qt::LeftButton, {}, to.center().toPoint());
  REQUIRE(h.editor()->hasSelection());
  QTest::keyClick(h.editor(), Qt::Key_3);
  CHECK(h.gold(doc) == std::vector<Span>{{9, 18, "LOC"}});
  CHECK(h.predictions(doc).size() == 2);
  CHECK(h.editor()->suggestionCount() == 2);

  QTest::keyClick(h.editor(), Qt::Key_A, Qt::AltModifier);  // accept all
  CHECK(h.gold(doc) == std::vector<Span>{{0, 4, "PER"}, {9, 18, "LOC"}, {19, 24, "LOC"}});
  CHECK(h.predictions(doc).empty());
  CHECK(h.editor()->suggestionCount() == 0);
  CHECK(h.message().contains(QStringLiteral("2 suggestion")));
  // One undo step for all of them.
  h.window().session()->undoStack()->undo();
  CHECK(h.gold(doc) == std::vector<Span>{{9, 18, "LOC"}});
  CHECK(h.predictions(doc).size() == 2);
  h.window().session()->undoStack()->undo();
  CHECK(h.gold(doc).empty());
  CHECK(h.predictions(doc).size() == 3);
}

TEST_CASE("Suggestions: one of a label the project lacks neither shows nor hides another") {
  auto h = withPredictions();
  const int64_t doc = h.project().pool[0];
  h.open(doc);
  REQUIRE(h.editor()->suggestionCount() == 3);
  // The store keeps no prediction of an unknown label, but the editor must
  // not offer one either way: accepting it would make gold the project
  // cannot hold (and accept all would skip it).
  h.editor()->setSuggestions(
      doc, {{{0, 4, "MISC"}, 0.99}, {{0, 8, "PER"}, 0.5}, {{19, 24, "LOC"}, 0.42}});
  REQUIRE(h.editor()->suggestionCount() == 2);
  CHECK(suggestionLabelled(h.editor(), "MISC") < 0);
  CHECK(h.editor()->suggestion(0).span == Span{0, 8, "PER"});
  CHECK(h.editor()->suggestion(1).span == Span{19, 24, "LOC"});
}

TEST_CASE("Suggestions: a document without predictions is predicted in the background") {
  ModelLoopHarness h(4);
  const int64_t doc = h.project().pool[2];
  CHECK(h.predictions(doc).empty());
  h.open(doc);
  REQUIRE(waitFor([&] { return !h.loop().suggestions()->predicting(); }, 30000));
  // Stored under the model's id; never gold.
  const auto stored = h.predictions(doc);
  REQUIRE_FALSE(stored.empty());
  CHECK(h.gold(doc).empty());
  CHECK(h.editor()->suggestionCount() == static_cast<int>(stored.size()));
  for (const ScoredSpan& s : stored) {
    CHECK(s.score > 0.0);
    CHECK(s.score <= 1.0);
  }
  // Predicting again on request replaces them rather than adding.
  QTest::keyClick(h.editor(), Qt::Key_P, Qt::AltModifier);
  REQUIRE(waitFor([&] { return !h.loop().suggestions()->predicting(); }, 30000));
  CHECK(h.predictions(doc).size() == stored.size());
}

TEST_CASE("Suggestions: a model package that cannot be read is reported once, not retried") {
  ModelLoopHarness h(4, 0, [](store::ProjectStore& p) {
    store::ModelRecord gone;
    gone.name = "gone";
    gone.path = p.path() + ".no-such-model";
    p.runs().setCurrentModel(p.runs().addModel(gone));
  });
  QSignalSpy messages(&h.loop(), &ui::ModelLoop::message);
  h.open(h.project().pool[1]);
  REQUIRE(waitFor([&] { return !h.loop().suggestions()->predicting(); }, 30000));
  CHECK(std::any_of(messages.begin(), messages.end(), [](const QList<QVariant>& m) {
    return m.front().toString().startsWith(QStringLiteral("Cannot predict"));
  }));
  CHECK(h.editor()->suggestionCount() == 0);
  h.open(h.project().pool[2]);
  CHECK_FALSE(h.loop().suggestions()->predicting());  // no automatic retry
  QTest::keyClick(h.editor(), Qt::Key_P, Qt::AltModifier);
  CHECK(h.loop().suggestions()->predicting());  // on request it tries again
  REQUIRE(waitFor([&] { return !h.loop().suggestions()->predicting(); }, 30000));
}

TEST_CASE("Suggestions: all rejected stay gone after the project is reopened") {
  ModelLoopHarness h(4);
  const int64_t doc = h.project().pool[2];
  h.open(doc);
  REQUIRE(waitFor([&] { return !h.loop().suggestions()->predicting(); }, 30000));
  REQUIRE(h.editor()->suggestionCount() > 0);
  // Delete each suggestion in turn (Tab selects the next one).
  for (int tries = 0; h.editor()->suggestionCount() > 0 && tries < 20; ++tries) {
    QTest::keyClick(h.editor(), Qt::Key_Tab);
    if (h.editor()->selectedSuggestion() >= 0) QTest::keyClick(h.editor(), Qt::Key_Delete);
  }
  REQUIRE(h.editor()->suggestionCount() == 0);
  CHECK(h.predictions(doc).empty());
  CHECK(h.gold(doc).empty());
  CHECK(h.store()->predictions().predicted(doc, h.project().modelId));

  // A restart of sorts: the store, not this session, says it was predicted.
  REQUIRE(h.window().openProject(QString::fromStdString(h.project().path)));
  h.open(doc);
  CHECK_FALSE(h.loop().suggestions()->predicting());
  QTest::qWait(200);
  CHECK_FALSE(h.loop().suggestions()->predicting());
  CHECK(h.editor()->suggestionCount() == 0);
  CHECK(h.predictions(doc).empty());
}

// Issue #66: a rejected suggestion came back when Rank Pool stored the
// model's predictions again. A rejection is a decision, kept until undone.
TEST_CASE("Suggestions: a rejected one stays rejected when predicted again and after a restart") {
  auto h = withPredictions();
  const int64_t doc = h.project().pool[0];
  h.open(doc);
  REQUIRE(h.editor()->suggestionCount() == 3);
  const std::vector<ScoredSpan> all = h.predictions(doc);
  h.editor()->selectSuggestion(suggestionLabelled(h.editor(), "LOC"));
  QTest::keyClick(h.editor(), Qt::Key_Delete);
  REQUIRE(h.predictions(doc).size() == 2);
  // What Rank Pool (or a retrained model) does: the predictions stored again.
  h.store()->predictions().set(doc, h.project().modelId, all);
  h.open(h.project().pool[1]);
  REQUIRE(waitFor([&] { return !h.loop().suggestions()->predicting(); }, 30000));
  h.open(doc);
  CHECK(h.editor()->suggestionCount() == 2);
  CHECK(suggestionLabelled(h.editor(), "LOC") < 0);
  // After a restart too.
  REQUIRE(h.window().openProject(QString::fromStdString(h.project().path)));
  h.open(doc);
  CHECK(suggestionLabelled(h.editor(), "LOC") < 0);
}

TEST_CASE("Suggestions: the context menu accepts, accepts with another label, or rejects") {
  auto h = withPredictions();
  const int64_t doc = h.project().pool[0];
  h.open(doc);
  REQUIRE(h.editor()->suggestionCount() == 3);
  QWidget* viewport = h.editor()->viewport();
  const QPoint at = h.suggestionPoint(suggestionLabelled(h.editor(), "LOC"));
  QStringList entries;
  QTimer::singleShot(0, viewport, [&] {
    auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
    if (!menu) return;
    for (const QAction* a : menu->actions()) entries << a->text();
    for (QAction* a : menu->actions())
      if (a->text().startsWith(QStringLiteral("&Reject"))) a->trigger();
    menu->close();
  });
  QContextMenuEvent event(QContextMenuEvent::Mouse, at, viewport->mapToGlobal(at));
  QApplication::sendEvent(viewport, &event);
  CHECK(entries == QStringList{QStringLiteral("&Accept as LOC\tSpace"),
                               QStringLiteral("Accept &With Label"),
                               QStringLiteral("&Reject\tDel")});
  CHECK(suggestionLabelled(h.editor(), "LOC") < 0);
  CHECK(h.predictions(doc).size() == 2);
  CHECK(h.gold(doc).empty());
}
