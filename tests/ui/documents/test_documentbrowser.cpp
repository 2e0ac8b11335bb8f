#include "documents/documentbrowser.h"
#include "documents/documentlistmodel.h"
#include "uitestproject.h"

#include "catchapi.h"

#include <QComboBox>
#include <QLineEdit>
#include <QListView>
#include <QSignalSpy>
#include <QTest>

using spanforge::testing::makeProject;
using spanforge::testing::TempDir;
using spanforge::testing::waitFor;
using spanforge::ui::DocumentBrowser;
using spanforge::ui::DocumentListModel;
namespace text = spanforge::text;

namespace {
struct BrowserFixture {
  TempDir dir;
  std::unique_ptr<spanforge::store::ProjectStore> project =
      makeProject(dir.file("p.spanforge"), 1100);
  DocumentBrowser browser;

  BrowserFixture() {
    browser.setSource(&project->documents(), project->labels().all(),
                      project->documents().countByStatus());
    browser.resize(360, 600);
    browser.show();
    REQUIRE(QTest::qWaitForWindowExposed(&browser));
  }
};

bool allRows(DocumentListModel* model, int role, const QVariant& value) {
  for (int row = 0; row < model->rowCount(); ++row)
    if (model->index(row).data(role) != value) return false;
  return model->rowCount() > 0;
}
}  // namespace

TEST_CASE("DocumentBrowser status combo shows counts and filters by keyboard") {
  BrowserFixture f;
  QComboBox* combo = f.browser.statusCombo();
  REQUIRE(combo->count() == 5);
  CHECK(combo->itemText(0) == QStringLiteral("All statuses (1,100)"));
  CHECK(combo->itemText(1) == QStringLiteral("Unlabelled (275)"));
  CHECK(combo->itemText(2) == QStringLiteral("Accepted (275)"));

  combo->setFocus();
  QTest::keyClick(combo, Qt::Key_Down);  // All -> Unlabelled
  CHECK(combo->currentIndex() == 1);
  CHECK(f.browser.model()->filter().status == text::DocStatus::Unlabelled);
  CHECK(f.browser.model()->totalCount() == 275);
  CHECK(allRows(f.browser.model(), DocumentListModel::StatusRole,
                static_cast<int>(text::DocStatus::Unlabelled)));

  QTest::keyClick(combo, Qt::Key_Down);  // -> Accepted
  CHECK(f.browser.model()->filter().status == text::DocStatus::Accepted);
  QTest::keyClick(combo, Qt::Key_Home);  // -> All
  CHECK_FALSE(f.browser.model()->filter().status.has_value());
  CHECK(f.browser.model()->totalCount() == 1100);
}

TEST_CASE("DocumentBrowser label combo filters by label") {
  BrowserFixture f;
  QComboBox* combo = f.browser.labelCombo();
  REQUIRE(combo->count() == 4);
  CHECK(combo->itemText(0) == QStringLiteral("All labels"));
  CHECK(combo->itemText(3) == QStringLiteral("LOC"));
  combo->setFocus();
  QTest::keyClick(combo, Qt::Key_End);
  REQUIRE(f.browser.model()->filter().label.has_value());
  CHECK(*f.browser.model()->filter().label == "LOC");
  CHECK(f.browser.model()->totalCount() == 366);
  CHECK(allRows(f.browser.model(), DocumentListModel::SpanCountRole, qint64(2)));
}

TEST_CASE("DocumentBrowser search is debounced") {
  BrowserFixture f;
  QLineEdit* search = f.browser.searchEdit();
  QTest::mouseClick(search, Qt::LeftButton);
  QTest::keyClicks(search, QStringLiteral("zebra"));
  // Typing alone does not query the store on every key...
  CHECK(f.browser.model()->filter().search.empty());
  CHECK(f.browser.model()->totalCount() == 1100);
  // ...the filter applies once typing pauses.
  CHECK(waitFor([&] { return f.browser.model()->filter().search == "zebra"; }, 2000));
  CHECK(f.browser.model()->totalCount() == 110);

  // Enter applies at once; clearing brings everything back.
  search->clear();
  QTest::keyClicks(search, QStringLiteral("Doc 42:"));
  QTest::keyClick(search, Qt::Key_Return);
  CHECK(f.browser.model()->totalCount() == 1);
  CHECK(f.browser.model()->index(0).data().toString().startsWith(QStringLiteral("Doc 42:")));
  search->clear();
  CHECK(waitFor([&] { return f.browser.model()->totalCount() == 1100; }, 2000));
}

TEST_CASE("DocumentBrowser emits documentActivated on current-row change") {
  BrowserFixture f;
  QSignalSpy activated(&f.browser, &DocumentBrowser::documentActivated);
  QListView* list = f.browser.listView();
  const QModelIndex third = f.browser.model()->index(2);
  QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(third).center());
  REQUIRE(activated.count() == 1);
  CHECK(activated.at(0).at(0).value<int64_t>() == f.browser.model()->idAt(2));
  QTest::keyClick(list, Qt::Key_Down);
  REQUIRE(activated.count() == 2);
  CHECK(activated.at(1).at(0).value<int64_t>() == f.browser.model()->idAt(3));
  CHECK(f.browser.currentDocumentId() == f.browser.model()->idAt(3));

  // The open document stays selected when it still matches a new filter.
  const int64_t current = f.browser.currentDocumentId();  // document 4: unlabelled
  f.browser.statusCombo()->setCurrentIndex(1);
  CHECK(f.browser.currentDocumentId() == current);
  CHECK(activated.count() == 2);

  // selectDocument pages forward to documents not loaded yet.
  const int64_t far = f.browser.model()->idAt(0) + 1000;  // the 1001st document
  f.browser.statusCombo()->setCurrentIndex(0);
  REQUIRE(f.browser.selectDocument(far));
  CHECK(f.browser.currentDocumentId() == far);
  CHECK(activated.count() == 3);
  CHECK_FALSE(f.browser.selectDocument(987654));
}
