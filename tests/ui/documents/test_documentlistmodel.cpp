#include "documents/documentlistmodel.h"
#include "uitestproject.h"

#include "catchapi.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>

using spanforge::testing::makeProject;
using spanforge::testing::TempDir;
using spanforge::ui::DocumentListModel;
namespace store = spanforge::store;
namespace text = spanforge::text;

namespace {
// Pulls every page the way a view scrolling to the end would.
void fetchAll(DocumentListModel& model) {
  while (model.canFetchMore({})) model.fetchMore({});
}
}  // namespace

TEST_CASE("DocumentListModel pages lazily through a large project") {
  TempDir dir;
  auto project = makeProject(dir.file("p.spanforge"), 1250);
  DocumentListModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  model.setRepository(&project->documents());

  CHECK(model.totalCount() == 1250);
  CHECK(model.rowCount() == DocumentListModel::kPageSize);  // only the first page
  REQUIRE(model.canFetchMore({}));

  QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
  model.fetchMore({});
  CHECK(model.rowCount() == 2 * DocumentListModel::kPageSize);
  REQUIRE(inserted.count() == 1);
  CHECK(inserted.at(0).at(1).toInt() == DocumentListModel::kPageSize);

  fetchAll(model);
  CHECK(model.rowCount() == 1250);
  CHECK_FALSE(model.canFetchMore({}));
  CHECK(inserted.count() == 6);  // 7 pages of 200 (the last one short), first with the reset

  // Keyset order: ids strictly increase, nothing is loaded twice.
  qint64 previous = 0;
  bool increasing = true;
  for (int row = 0; row < model.rowCount(); ++row) {
    const qint64 id = model.index(row).data(DocumentListModel::IdRole).toLongLong();
    increasing = increasing && id > previous;
    previous = id;
  }
  CHECK(increasing);

  const QModelIndex tenth = model.index(9);
  CHECK(tenth.data().toString() == QStringLiteral("Doc 10: Alice met Acme in Paris with a zebra."));
  CHECK(tenth.data(DocumentListModel::SnippetRole) == tenth.data(Qt::DisplayRole));
  CHECK(tenth.data(DocumentListModel::SpanCountRole).toLongLong() == 1);
  CHECK(model.index(11).data(DocumentListModel::SpanCountRole).toLongLong() == 2);
  CHECK(tenth.data(DocumentListModel::StatusRole).toInt() ==
        static_cast<int>(text::DocStatus::Rejected));
  CHECK(model.rowOfId(model.idAt(700)) == 700);
  CHECK(model.rowOfId(999999) == -1);
  CHECK(model.roleNames().value(DocumentListModel::IdRole) == "documentId");
}

TEST_CASE("DocumentListModel filters reset the model and count matches") {
  TempDir dir;
  auto project = makeProject(dir.file("p.spanforge"), 1100);
  DocumentListModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  model.setRepository(&project->documents());
  model.fetchMore({});
  QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
  QSignalSpy totals(&model, &DocumentListModel::totalCountChanged);

  SECTION("status") {
    store::DocumentFilter f;
    f.status = text::DocStatus::Accepted;
    model.setFilter(f);
    CHECK(resets.count() == 1);
    REQUIRE(totals.count() == 1);
    CHECK(totals.at(0).at(0).toLongLong() == 275);
    CHECK(model.totalCount() == 275);
    fetchAll(model);
    REQUIRE(model.rowCount() == 275);
    bool allAccepted = true;
    for (int row = 0; row < model.rowCount(); ++row)
      allAccepted = allAccepted && model.index(row).data(DocumentListModel::StatusRole).toInt() ==
                                       static_cast<int>(text::DocStatus::Accepted);
    CHECK(allAccepted);
  }
  SECTION("label") {
    store::DocumentFilter f;
    f.label = "LOC";
    model.setFilter(f);
    CHECK(model.totalCount() == 366);
    fetchAll(model);
    CHECK(model.rowCount() == 366);
    CHECK(model.index(0).data(DocumentListModel::SpanCountRole).toLongLong() == 2);
  }
  SECTION("text search, combined with status") {
    store::DocumentFilter f;
    f.search = "ZEBRA";  // case-insensitive
    model.setFilter(f);
    CHECK(model.totalCount() == 110);
    CHECK(model.rowCount() == 110);
    CHECK_FALSE(model.canFetchMore({}));
    f.status = text::DocStatus::Rejected;  // i % 10 == 0 and i % 4 == 2
    model.setFilter(f);
    CHECK(model.totalCount() == 55);
  }
  SECTION("back to no filter") {
    store::DocumentFilter f;
    f.search = "no document says this";
    model.setFilter(f);
    CHECK(model.rowCount() == 0);
    CHECK(model.totalCount() == 0);
    CHECK_FALSE(model.canFetchMore({}));
    model.setFilter({});
    CHECK(model.totalCount() == 1100);
    CHECK(model.rowCount() == DocumentListModel::kPageSize);
    CHECK(resets.count() == 2);
  }
}

TEST_CASE("DocumentListModel without a repository is empty") {
  DocumentListModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  CHECK(model.rowCount() == 0);
  CHECK(model.totalCount() == 0);
  CHECK_FALSE(model.canFetchMore({}));
  model.fetchMore({});
  CHECK(model.rowCount() == 0);
  CHECK(model.idAt(0) == 0);
  CHECK_FALSE(model.index(0).isValid());
}

TEST_CASE("DocumentListModel reload picks up changed documents") {
  TempDir dir;
  auto project = makeProject(dir.file("p.spanforge"), 5);
  DocumentListModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  store::DocumentFilter accepted;
  accepted.status = text::DocStatus::Accepted;
  model.setRepository(&project->documents(), accepted);
  CHECK(model.rowCount() == 2);  // documents 1 and 5
  project->documents().setStatus(model.idAt(0), text::DocStatus::Rejected);
  model.reload();
  CHECK(model.rowCount() == 1);
  CHECK(model.totalCount() == 1);
}

TEST_CASE("DocumentListModel refreshes changed rows in place") {
  TempDir dir;
  auto project = makeProject(dir.file("p.spanforge"), 450);
  DocumentListModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  store::DocumentFilter rejected;
  rejected.status = text::DocStatus::Rejected;  // 2, 6, 10, ...
  model.setRepository(&project->documents(), rejected);
  fetchAll(model);
  const int rows = model.rowCount();
  REQUIRE(model.idAt(1) == 6);

  // One document changes: only its row changes, and stays although it no
  // longer matches the filter.
  project->documents().setStatus(6, text::DocStatus::Accepted);
  project->documents().setSpans(6, {});
  QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
  QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
  model.refreshDocument(6);
  REQUIRE(changed.count() == 1);
  CHECK(changed.front().at(0).toModelIndex().row() == 1);
  CHECK(model.index(1).data(DocumentListModel::StatusRole).toInt() ==
        static_cast<int>(text::DocStatus::Accepted));
  CHECK(model.index(1).data(DocumentListModel::SpanCountRole).toLongLong() == 0);
  CHECK(model.rowCount() == rows);
  model.refreshDocument(7);  // not in the list: nothing
  CHECK(changed.count() == 1);

  // Every loaded row again (a label was renamed): same ids, no reset.
  project->labels().rename(project->labels().find("PER")->id, "PERSON");
  project->documents().setStatus(6, text::DocStatus::Rejected);
  model.refreshLoaded();
  CHECK(reset.isEmpty());
  CHECK(changed.count() == 2);
  CHECK(model.rowCount() == rows);
  // Different ids (a document left the filter): a reset.
  project->documents().setStatus(10, text::DocStatus::Ignored);
  model.refreshLoaded();
  CHECK(reset.count() == 1);
  CHECK(model.totalCount() == rows - 1);
}
