// Pattern matches and learned strings in the span editor, before any model:
// shown apart from gold, accepted with Space, rejected with Delete, each one
// undoable and counted per pattern; the combine rule from the Model menu.
#include "editor/editorharness.h"
#include "modelloop/combinerulemenu.h"
#include "modelloop/modelloop.h"
#include "modelloop/suggestioncontroller.h"
#include "project/patternlibrary.h"
#include "session/annotationsession.h"
#include "shotsdir.h"
#include "store/projectstore.h"
#include "tempdir.h"

#include "catchapi.h"

#include <QMenu>
#include <QMenuBar>
#include <QSettings>

#include <fstream>

using spanforge::testing::EditorHarness;
namespace store = spanforge::store;
namespace text = spanforge::text;

namespace {

// "Doc 4: Alice met Acme in Paris." (uitestproject.h): where its words are.
constexpr int64_t kAcme = 17, kParis = 25;

// Imports and applies a patterns file before the window opens the project.
auto withPatterns(const spanforge::testing::TempDir& files) {
  return [&files](store::ProjectStore& p) {
    const std::string path = files.file("orgs.jsonl");
    std::ofstream(path) << "{\"label\": \"ORG\", \"pattern\": \"Acme\"}\n"
                        << "{\"label\": \"LOC\", \"pattern\": [{\"LOWER\": \"paris\"}]}\n";
    spanforge::project::PatternLibrary library(p);
    library.import({path, "", false, "", false});
    library.apply();
  };
}

int findSpan(spanforge::ui::SpanEditor* editor, int64_t start) {
  for (int i = 0; i < editor->suggestionCount(); ++i)
    if (editor->suggestion(i).span.start == start) return i;
  return -1;
}

store::PatternCounts countsOf(EditorHarness& h, int line) {
  auto p = store::ProjectStore::open(h.path());
  const auto set = p->patterns().set("orgs.jsonl");
  REQUIRE(set);
  return p->patterns().counts(set->id).at(size_t(line - 1));
}

}  // namespace

TEST_CASE("Pattern matches are suggestions without a model: Space accepts, Delete rejects") {
  spanforge::testing::TempDir files;
  EditorHarness h(12, withPatterns(files));
  h.open(4);
  REQUIRE(h.editor()->suggestionCount() == 2);
  const int acme = findSpan(h.editor(), kAcme);
  REQUIRE(acme >= 0);
  CHECK(h.editor()->suggestion(acme).fromPattern());
  CHECK(h.editor()->suggestion(acme).score == Approx(0.5));  // untried
  CHECK(h.editor()->patternName(h.editor()->suggestion(acme).pattern) ==
        QStringLiteral("pattern set “orgs.jsonl”, line 1"));

  h.editor()->selectSuggestion(acme);
  h.key(Qt::Key_Space);
  CHECK(h.spans(4) == std::vector<text::Span>{{7, 12, "PER"}, {kAcme, kAcme + 4, "ORG"}});
  CHECK(countsOf(h, 1).accepted == 1);
  REQUIRE(h.editor()->suggestionCount() == 1);

  h.key(Qt::Key_Z, Qt::ControlModifier);  // undo: the span goes, the match is open again
  CHECK(h.spans(4) == std::vector<text::Span>{{7, 12, "PER"}});
  CHECK(countsOf(h, 1).accepted == 0);
  REQUIRE(h.editor()->suggestionCount() == 2);

  h.editor()->selectSuggestion(findSpan(h.editor(), kParis));
  h.key(Qt::Key_Delete);
  CHECK(countsOf(h, 2).rejected == 1);
  CHECK(h.editor()->suggestionCount() == 1);
  CHECK(h.spans(4) == std::vector<text::Span>{{7, 12, "PER"}});

  // Typing a label over a match with other boundaries tells the pattern it was wrong.
  h.open(8);
  REQUIRE(h.window().session()->addSpan({kAcme - 4, kAcme + 4, "ORG"}));  // "met Acme"
  CHECK(countsOf(h, 1).rejected == 1);
}

TEST_CASE("A labelled string is suggested in the other documents from then on") {
  EditorHarness h(16);
  h.open(4);
  REQUIRE(h.editor()->suggestionCount() == 0);
  REQUIRE(h.window().session()->addSpan({kAcme, kAcme + 4, "ORG"}));
  {
    auto p = store::ProjectStore::open(h.path());
    const auto set = p->patterns().set(store::PatternSetRecord::kLearnedName);
    REQUIRE(set);
    // Seeded with the gold the project had: Alice (PER), Paris (LOC), and now Acme (ORG).
    CHECK(p->patterns().patterns(set->id).size() == 3);
  }
  h.open(8);
  const int acme = findSpan(h.editor(), kAcme);
  REQUIRE(acme >= 0);
  CHECK(h.editor()->suggestion(acme).span.label == "ORG");
  // Rejected more often than accepted (beyond the first, typed label): no longer suggested.
  h.editor()->selectSuggestion(acme);
  h.key(Qt::Key_Delete);
  h.open(12);  // "Doc 12: ": one character further on
  REQUIRE(findSpan(h.editor(), kAcme + 1) >= 0);
  h.editor()->selectSuggestion(findSpan(h.editor(), kAcme + 1));
  h.key(Qt::Key_Delete);
  h.open(16);
  CHECK(findSpan(h.editor(), kAcme + 1) < 0);
  CHECK(findSpan(h.editor(), kParis + 1) >= 0);  // the other strings still are
}

TEST_CASE("Model > Model and Pattern Suggestions chooses the combine rule and keeps it") {
  EditorHarness h(4);
  QMenu* rules = h.window().findChild<spanforge::ui::CombineRuleMenu*>();
  REQUIRE(rules);
  REQUIRE(rules->actions().size() == 3);
  CHECK(rules->actions().at(0)->isChecked());  // model first by default
  rules->actions().at(1)->trigger();
  CHECK(h.window().modelLoop()->suggestions()->combineRule() ==
        spanforge::active::CombineRule::PatternsFirst);
  CHECK(h.window().session()->combineRule() == spanforge::active::CombineRule::PatternsFirst);
  CHECK(rules->actions().at(1)->isChecked());
  CHECK_FALSE(rules->actions().at(0)->isChecked());

  // The choice is kept in the settings: a menu made later starts with it.
  QSettings settings(QString::fromStdString(h.dir().file("rules.ini")), QSettings::IniFormat);
  auto* controller = h.window().modelLoop()->suggestions();
  spanforge::ui::CombineRuleMenu first(controller, settings);
  first.actions().at(2)->trigger();
  spanforge::ui::CombineRuleMenu later(controller, settings);
  CHECK(later.rule() == spanforge::active::CombineRule::Both);
  CHECK(later.actions().at(2)->isChecked());
}

TEST_CASE("Pattern suggestions screenshot", "[.screenshots]") {
  spanforge::testing::TempDir files;
  EditorHarness h(12, withPatterns(files));
  h.window().resize(900, 420);
  h.open(4);
  h.editor()->selectSuggestion(findSpan(h.editor(), kParis));
  QTest::qWait(50);
  h.window().grab().save(spanforge::testing::shotsDir() + "/pattern-suggestions.png");
  // The Model menu with the rule's submenu, to look at (not kept in resources).
  QMenu* model = h.window().modelLoop()->menu();
  model->popup(h.window().mapToGlobal(QPoint(200, 20)));
  QTest::qWait(50);
  model->grab().save(spanforge::testing::shotsDir() + "/model-menu.png");
  auto* rules = h.window().findChild<spanforge::ui::CombineRuleMenu*>();
  rules->popup(h.window().mapToGlobal(QPoint(400, 120)));
  QTest::qWait(50);
  rules->grab().save(spanforge::testing::shotsDir() + "/combine-rule-menu.png");
  rules->hide();
  model->hide();
}

// Issue #66: deleting a gold span redrew it at once as the labelled string's
// suggestion. A deletion is a decision, kept until it is undone.
TEST_CASE("A deleted gold span is not suggested again by its labelled string, until undone") {
  EditorHarness h(16);
  h.open(4);
  REQUIRE(h.window().session()->addSpan({kAcme, kAcme + 4, "ORG"}));
  REQUIRE(h.editor()->spanCount() >= 1);
  int acme = -1;
  for (int i = 0; i < h.editor()->spanCount(); ++i)
    if (h.editor()->span(i).start == kAcme) acme = i;
  REQUIRE(acme >= 0);
  const size_t before = h.window().session()->spansOf(4).size();
  h.editor()->selectSpan(acme);
  h.key(Qt::Key_Delete);
  // Matched again on opening: "Acme" is a labelled string now, but not here.
  h.open(8);
  h.open(4);
  CHECK(findSpan(h.editor(), kAcme) < 0);
  h.open(8);
  CHECK(findSpan(h.editor(), kAcme) >= 0);  // elsewhere it still is suggested
  h.open(4);
  h.key(Qt::Key_Z, Qt::ControlModifier);  // the gold span is back
  CHECK(h.window().session()->spansOf(4).size() == before);
  // Deleted and undone: no decision left behind.
  auto p = store::ProjectStore::open(h.path());
  CHECK(p->decisions().rejected(4).empty());
}
