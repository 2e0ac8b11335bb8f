// Two processes on one project (issue #14): what another Spanforge or
// spanforge-cli writes shows here after View > Reload Project (F5).
#include "documents/documentbrowser.h"
#include "editor/editorharness.h"
#include "session/annotationsession.h"
#include "store/projectstore.h"

#include "catchapi.h"

#include <QAbstractItemModel>
#include <QListView>

using namespace spanforge;

TEST_CASE("Reload Project shows what another process wrote to the project") {
  testing::EditorHarness h(6);
  h.open(3);
  const int spansBefore = h.editor()->spanCount();
  const int rowsBefore = h.window().browser()->model()->rowCount();
  {
    // The other process: its own connection, as another instance or the CLI has.
    auto other = store::ProjectStore::open(h.path());
    text::Document doc;
    doc.text = "Written by another process in Berlin.";
    other->documents().add(doc);
    auto spans = other->documents().get(3)->doc.spans;
    spans.clear();
    other->documents().setSpans(3, spans);
    other->labels().add("EXTERNAL");
  }
  CHECK(h.editor()->spanCount() == spansBefore);  // nothing changes by itself
  QTest::keyClick(&h.window(), Qt::Key_F5);
  CHECK(h.window().browser()->model()->rowCount() == rowsBefore + 1);
  CHECK(h.editor()->documentId() == 3);
  CHECK(h.editor()->spanCount() == 0);
  bool found = false;
  for (const auto& l : h.window().session()->labels()) found = found || l.name == "EXTERNAL";
  CHECK(found);
  // And the window keeps working on the reloaded state: label, save, read back.
  CHECK(h.spans(3).empty());
}
