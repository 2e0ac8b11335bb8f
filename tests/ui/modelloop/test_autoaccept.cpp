// Model > Accept Suggestions Automatically: the dialog shows the precision a
// threshold had on the dev documents; suggestions at or above it become gold
// as they appear in an unlabelled document, undoably.
#include "modelloop/autoacceptdialog.h"
#include "modelloop/modelloop.h"
#include "modelloop/modelloopharness.h"
#include "modelloop/suggestioncontroller.h"
#include "session/annotationsession.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QTimer>
#include <QUndoStack>

using namespace spanforge;
using spanforge::testing::ModelLoopHarness;
using spanforge::testing::withPredictions;
using text::Span;

TEST_CASE("Auto-accept: suggestions at or above the threshold become gold as they appear") {
  auto h = withPredictions(2);
  h.loop().suggestions()->setAutoAccept(0.5);
  const int64_t doc = h.project().pool[1];  // pool[0] is open already
  h.open(doc);
  // PER (0.91) and ORG (0.55) accepted, LOC (0.42) still a suggestion.
  CHECK(h.gold(doc) == std::vector<Span>{{0, 4, "PER"}, {9, 15, "ORG"}});
  REQUIRE(h.editor()->suggestionCount() == 1);
  CHECK(h.editor()->suggestion(0).span == Span{19, 24, "LOC"});
  CHECK(h.message().contains(QStringLiteral("Accepted 2 suggestion(s) scored 0.50 or more")));
  // Each acceptance is an ordinary undoable step, and an undone one is not
  // accepted again when the suggestions are shown again.
  h.window().session()->undoStack()->undo();
  CHECK(h.gold(doc).size() == 1);
  CHECK(h.editor()->suggestionCount() == 2);
  h.loop().suggestions()->refresh();
  CHECK(h.gold(doc).size() == 1);

  // Off: the next document keeps all three as suggestions.
  h.loop().suggestions()->setAutoAccept(std::nullopt);
  const int64_t other = h.project().pool[0];
  h.open(other);
  CHECK(h.gold(other).empty());
  CHECK(h.editor()->suggestionCount() == 3);
}

TEST_CASE("Auto-accept dialog: the threshold's precision on dev, then the setting") {
  ui::AutoAcceptDialog none(std::nullopt, {});
  CHECK_FALSE(none.enabled()->isChecked());
  CHECK_FALSE(none.threshold());
  CHECK(none.expected()->text().contains(QStringLiteral("Evaluate the current model")));
  // It named a menu entry that does not exist (issue #66).
  CHECK(none.expected()->text().contains(QStringLiteral("the Evaluate workspace, Ctrl+4")));

  const std::vector<train::SpanOutcome> dev{
      {0.97, true}, {0.96, true}, {0.95, false}, {0.80, true}, {0.40, false}};
  ui::AutoAcceptDialog dialog(0.95, dev);
  dialog.show();
  CHECK(dialog.enabled()->isChecked());
  CHECK(dialog.expected()->text().contains(QStringLiteral("66.7%")));
  CHECK(dialog.expected()->text().contains(QStringLiteral("2 of the 3 spans")));
  // Two spans, both right: not "Expected precision 100.0%", but the count,
  // the interval and a warning.
  dialog.score()->setValue(0.96);
  CHECK(dialog.expected()->text().contains(QStringLiteral("2 of the 2 spans")));
  CHECK(dialog.expected()->text().contains(QStringLiteral("95% interval 34–100%")));
  CHECK(dialog.expected()->text().contains(QStringLiteral("Too few spans to tell")));
  CHECK_FALSE(dialog.expected()->text().contains(QStringLiteral("Expected precision")));
  dialog.score()->setValue(0.99);
  CHECK(dialog.expected()->text().contains(QStringLiteral("No span")));
  CHECK(*dialog.threshold() == Approx(0.99));
  QTest::mouseClick(dialog.enabled(), Qt::LeftButton);
  CHECK_FALSE(dialog.threshold());
  CHECK_FALSE(dialog.score()->isEnabled());

  // Enough spans: the expected precision and its lower bound.
  std::vector<train::SpanOutcome> many;
  for (int i = 0; i < 100; ++i) many.push_back({0.97, i < 96});
  ui::AutoAcceptDialog enough(0.95, many);
  CHECK(enough.expected()->text().contains(
      QStringLiteral("Expected precision <b>96.0% (at least 90%)")));
  CHECK(enough.expected()->text().contains(QStringLiteral("96 of the 100 spans")));

  // From the Model menu: OK turns it on for the suggestions.
  auto h = withPredictions(2);
  QTimer::singleShot(0, [] {
    auto* d = qobject_cast<ui::AutoAcceptDialog*>(QApplication::activeModalWidget());
    if (!d) return;
    d->enabled()->setChecked(true);
    d->score()->setValue(0.9);
    d->accept();
  });
  h.loop().autoAcceptAction()->trigger();
  REQUIRE(h.loop().suggestions()->autoAccept());
  CHECK(*h.loop().suggestions()->autoAccept() == Approx(0.9));
  CHECK(h.loop().autoAcceptAction()->text().contains(QStringLiteral("on, 0.90 or more")));
}
