// Before any model, Next Most Informative (Alt+N) opens the unlabelled
// documents where the patterns matched most (Prodigy's ner.teach --patterns).
#include "editor/editorharness.h"
#include "modelloop/modelloop.h"
#include "project/patternlibrary.h"
#include "store/projectstore.h"
#include "tempdir.h"
#include "text/document.h"

#include "catchapi.h"

#include <QAction>
#include <QSignalSpy>

#include <fstream>

using spanforge::testing::EditorHarness;
namespace store = spanforge::store;
namespace text = spanforge::text;

TEST_CASE("Without a model, next most informative goes by pattern matches") {
  spanforge::testing::TempDir files;
  const std::string patterns = files.file("p.jsonl");
  std::ofstream(patterns) << "{\"label\": \"ORG\", \"pattern\": \"Acme\"}\n"
                          << "{\"label\": \"ORG\", \"pattern\": \"Initech\"}\n";
  int64_t two = 0;
  EditorHarness h(4, [&](store::ProjectStore& p) {
    auto add = [&](const std::string& t) {
      text::Document d;
      d.text = t;
      return p.documents().add(d).id;
    };
    add("Only Acme here.");
    two = add("Acme and Initech, again Acme.");
  });
  QSignalSpy messages(h.window().modelLoop(), &spanforge::ui::ModelLoop::message);
  QAction* next = h.window().modelLoop()->nextAction();
  REQUIRE(next->isEnabled());
  next->trigger();  // no patterns yet: says what to do
  REQUIRE_FALSE(messages.isEmpty());
  CHECK(messages.back().front().toString().contains(QStringLiteral("Patterns and Term Lists")));

  {
    auto p = store::ProjectStore::open(h.path());
    spanforge::project::PatternLibrary library(*p);
    library.import({patterns, "", false, "", false});
    library.apply();
  }
  next->trigger();
  CHECK(h.editor()->documentId() == two);  // three matches
  CHECK(messages.back().front().toString().contains(QStringLiteral("most pattern matches (3)")));
  next->trigger();  // then one with a single match (the lowest id of those)
  CHECK(h.editor()->documentId() != two);
  CHECK(messages.back().front().toString().contains(QStringLiteral("most pattern matches (1)")));
}

TEST_CASE("Without a model, Rank Pool matches the pool with the pattern sets") {
  spanforge::testing::TempDir files;
  const std::string patterns = files.file("p.jsonl");
  std::ofstream(patterns) << "{\"label\": \"ORG\", \"pattern\": \"Initech\"}\n";
  int64_t two = 0;
  EditorHarness h(4, [&](store::ProjectStore& p) {
    text::Document d;
    d.text = "Initech, Initech and Initech.";
    two = p.documents().add(d).id;
    // Imported, not applied: ranking is what matches the pool.
    spanforge::project::PatternLibrary(p).import({patterns, "", false, "", false});
  });
  spanforge::ui::ModelLoop* loop = h.window().modelLoop();
  QSignalSpy messages(loop, &spanforge::ui::ModelLoop::message);
  REQUIRE(loop->rankAction()->isEnabled());
  loop->rankAction()->trigger();
  REQUIRE(spanforge::testing::waitFor([&] { return loop->rankAction()->isEnabled(); }, 10000));
  REQUIRE_FALSE(messages.isEmpty());
  CHECK(messages.back().front().toString().contains(
      QStringLiteral("matched 2 unlabelled document(s) with the pattern sets, 3 suggestion(s)")));
  loop->nextAction()->trigger();
  CHECK(h.editor()->documentId() == two);
}
