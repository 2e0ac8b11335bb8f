#include "darkpalette.h"
#include "documents/documentbrowser.h"
#include "documents/documentlistmodel.h"
#include "editor/editorpane.h"
#include "editor/labellegend.h"
#include "editor/spaneditor.h"
#include "shell/demoprojectbuilder.h"
#include "shell/mainwindow.h"
#include "shell/statusbarcounts.h"
#include "slurp.h"
#include "store/migrations.h"
#include "uitestproject.h"

#include "catchapi.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QListView>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <QTimer>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>

using spanforge::testing::makeProject;
using spanforge::testing::makeSettings;
using spanforge::testing::slurp;
using spanforge::testing::TempDir;
using spanforge::testing::waitFor;
using spanforge::ui::DocumentListModel;
using spanforge::ui::MainWindow;
namespace store = spanforge::store;
namespace text = spanforge::text;

namespace {
// Answers the next modal message box and returns its text through *seen.
void closeNextMessageBox(QString* seen, int attempts = 200) {
  QTimer::singleShot(10, [seen, attempts] {
    if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
      *seen = box->text();
      box->accept();
    } else if (attempts > 0) {
      closeNextMessageBox(seen, attempts - 1);  // not shown yet: look again
    }
  });
}

QString qpath(const std::string& p) { return QString::fromStdString(p); }

// The first of two adjacent word tokens outside every span, or -1.
int unlabelledWords(const text::Document& d) {
  auto free = [&](const text::Token& t) {
    if (t.end - t.start < 2 || !std::isalpha(static_cast<unsigned char>(t.text[0]))) return false;
    for (const auto& s : d.spans)
      if (s.start < t.end && t.start < s.end) return false;
    return true;
  };
  for (size_t i = 0; i + 1 < d.tokens.size(); ++i)
    if (free(d.tokens[i]) && free(d.tokens[i + 1])) return static_cast<int>(i);
  return -1;
}
}  // namespace

TEST_CASE("MainWindow opens a project and shows the clicked document") {
  TempDir dir;
  const std::string path = dir.file("p.spanforge");
  makeProject(path, 30);
  auto settings = makeSettings(dir);
  MainWindow window(*settings);
  window.resize(1100, 700);
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));

  REQUIRE(window.openProject(qpath(path)));
  CHECK(window.windowTitle() == QStringLiteral("p.spanforge — Spanforge"));
  CHECK(window.statusCounts()->plainText() ==
        QStringLiteral("30 documents · accepted 8 · unlabelled 7 · rejected 8 · ignored 7"));
  CHECK(window.labelLegend()->labelCount() == 3);
  // It opens on the first document.
  CHECK(window.editor()->text() == QStringLiteral("Doc 1: Alice met Acme in Paris."));

  QListView* list = window.browser()->listView();
  const QModelIndex sixth = window.browser()->model()->index(5);
  QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(sixth).center());
  CHECK(window.editor()->documentId() == sixth.data(DocumentListModel::IdRole).toLongLong());
  CHECK(window.editor()->text() == QStringLiteral("Doc 6: Alice met Acme in Paris."));
  CHECK(window.editor()->hasFocus());  // label keys go to the editor after a click
  // Model > Export Current Model, without one: it says what to do.
  QAction* exportModel = nullptr;
  for (QAction* a : window.findChildren<QAction*>())
    if (a->text() == QStringLiteral("&Export Current Model…")) exportModel = a;
  REQUIRE(exportModel);
  exportModel->trigger();
  CHECK(window.statusBar()->currentMessage().contains(QStringLiteral("no current model")));
  REQUIRE(window.editor()->spanCount() == 2);
  CHECK(window.editor()->spanText(0) == QStringLiteral("Alice"));
  CHECK(window.editor()->spanText(1) == QStringLiteral("Paris"));

  CHECK(window.recentProjects().paths().value(0) == QFileInfo(qpath(path)).canonicalFilePath());
  window.closeProject();
  CHECK(window.project() == nullptr);
  CHECK(window.editor()->text().isEmpty());
  CHECK(window.browser()->model()->rowCount() == 0);

  // Opened again (here, or after a restart), it shows the document left open.
  REQUIRE(window.openProject(qpath(path)));
  CHECK(window.editor()->text() == QStringLiteral("Doc 6: Alice met Acme in Paris."));
  QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                    list->visualRect(window.browser()->model()->index(8)).center());
  window.close();
  MainWindow again(*settings);
  REQUIRE(again.openProject(qpath(path)));
  CHECK(again.editor()->text() == QStringLiteral("Doc 9: Alice met Acme in Paris."));

  // Issue #66: a document far down the list, opened on start, was out of view.
  const QModelIndex late = again.browser()->model()->index(27);
  REQUIRE(again.browser()->selectDocument(late.data(DocumentListModel::IdRole).toLongLong()));
  again.close();
  MainWindow third(*settings);
  third.resize(1100, 700);
  REQUIRE(third.openProject(qpath(path)));
  third.show();
  REQUIRE(QTest::qWaitForWindowExposed(&third));
  QListView* thirdList = third.browser()->listView();
  REQUIRE(spanforge::testing::waitFor([&] {
    return thirdList->viewport()->rect().contains(thirdList->visualRect(thirdList->currentIndex()));
  }));
  CHECK(third.editor()->text() == QStringLiteral("Doc 28: Alice met Acme in Paris."));
}

TEST_CASE("MainWindow reports errors in a message box and keeps running") {
  TempDir dir;
  auto settings = makeSettings(dir);
  MainWindow window(*settings);
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));

  QString message;
  closeNextMessageBox(&message);
  CHECK_FALSE(window.openProject(qpath(dir.file("missing.spanforge"))));
  CHECK(message.contains(QStringLiteral("missing.spanforge")));
  CHECK(window.project() == nullptr);

  // Not a project: some other file.
  const std::string junk = dir.file("junk.spanforge");
  { std::ofstream(junk) << "this is not sqlite"; }
  message.clear();
  closeNextMessageBox(&message);
  CHECK_FALSE(window.openProject(qpath(junk)));
  CHECK_FALSE(message.isEmpty());

  // New project refuses to replace an existing file.
  message.clear();
  closeNextMessageBox(&message);
  CHECK_FALSE(window.createProject(qpath(junk)));
  CHECK(message.contains(QStringLiteral("already exists")));
}

TEST_CASE("MainWindow refuses damaged and newer projects, naming them, and changes nothing") {
  TempDir dir;
  auto settings = makeSettings(dir);
  MainWindow window(*settings);
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));

  const std::string future = dir.file("from the future.spanforge");
  makeProject(future, 3);
  store::Database(future).setUserVersion(store::Migrations::latestVersion() + 1);
  const std::string cut = dir.file("cut short \xc3\xa9.spanforge");
  makeProject(cut, 300);
  std::filesystem::resize_file(cut, std::filesystem::file_size(cut) / 2);
  const std::string empty = dir.file("empty.spanforge");
  std::ofstream{empty};
  // Issue #31: SQL planted in a project is refused before anything runs it.
  const std::string planted = dir.file("planted.spanforge");
  makeProject(planted, 3);
  store::Database(planted).exec(
      "CREATE TRIGGER wipe AFTER UPDATE ON runs BEGIN DELETE FROM spans; END");

  const std::pair<std::string, QString> cases[] = {
      {future, QStringLiteral("newer")},
      {cut, QStringLiteral("truncated")},
      {empty, QStringLiteral("empty")},
      {planted, QStringLiteral("trigger \"wipe\" (not made by Spanforge)")}};
  for (const auto& [path, says] : cases) {
    INFO(path);
    const std::string before = slurp(path);
    QString message;
    closeNextMessageBox(&message);
    CHECK_FALSE(window.openProject(qpath(path)));
    CHECK(message.contains(QFileInfo(qpath(path)).fileName()));
    CHECK(message.contains(says));
    CHECK(window.project() == nullptr);
    CHECK(slurp(path) == before);
  }

  const std::string good = dir.file("good.spanforge");
  makeProject(good, 2);
  CHECK(window.openProject(qpath(good)));  // the window keeps working
  // The UI thread's connection bounds every statement (no file can freeze it).
  CHECK(window.project()->db().statementTimeLimit() == store::ProjectStore::kInteractiveTimeLimit);
}

TEST_CASE("MainWindow creates empty projects and remembers recent ones") {
  TempDir dir;
  auto settings = makeSettings(dir);
  {
    MainWindow window(*settings);
    window.show();
    for (int i = 0; i < 10; ++i)
      REQUIRE(window.createProject(qpath(dir.file("p" + std::to_string(i) + ".spanforge"))));
    REQUIRE(window.project() != nullptr);
    CHECK(window.browser()->model()->rowCount() == 0);
    CHECK(window.editor()->placeholderText().contains(QStringLiteral("no documents")));
    CHECK(window.statusCounts()->plainText().startsWith(QStringLiteral("0 documents")));

    const QStringList recent = window.recentProjects().paths();
    REQUIRE(recent.size() == 8);
    CHECK(QFileInfo(recent.front()).fileName() == QStringLiteral("p9.spanforge"));
    CHECK(QFileInfo(recent.back()).fileName() == QStringLiteral("p2.spanforge"));
    // Menu: 8 entries, separator, "Clear Menu".
    CHECK(window.recentMenu()->actions().size() == 10);

    // Within the offscreen screen (800x600): Qt 6.8 fits a restored geometry to it.
    window.resize(796, 560);  // at least the window's minimum width
    window.close();           // saves geometry and state
  }
  CHECK(settings->contains(QStringLiteral("mainWindow/geometry")));
  MainWindow again(*settings);
  INFO("restored " << again.width() << "x" << again.height());
  CHECK(again.size() == QSize(796, 560));
  CHECK(again.recentProjects().paths().size() == 8);
}

TEST_CASE("Screenshot of the main window on the demo project") {
  TempDir dir;
  const std::string path = dir.file("demo.spanforge");
  auto settings = makeSettings(dir);
  MainWindow window(*settings);
  window.resize(1280, 800);
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  // As on first launch: the demo is built behind a progress dialog.
  spanforge::ui::DemoProjectBuilder builder;
  QSignalSpy progress(&builder, &spanforge::ui::DemoProjectBuilder::progressed);
  REQUIRE(builder.build(qpath(path), &window).isEmpty());
  CHECK(progress.count() > 0);
  REQUIRE(window.openProject(qpath(path)));

  // The longest gold document with spans of at least three labels, found
  // through the store.
  store::DocumentFilter accepted;
  accepted.status = text::DocStatus::Accepted;
  int64_t chosen = 0, chosenLength = 0;
  for (const auto& s : window.project()->documents().page(accepted, 0, 3000)) {
    if (s.spanCount < 3 || s.length > 150 || s.length <= chosenLength) continue;
    const auto stored = window.project()->documents().get(s.id);
    std::set<std::string> labels;
    for (const auto& span : stored->doc.spans) labels.insert(span.label);
    if (labels.size() >= 3 && unlabelledWords(stored->doc) >= 0) {
      chosen = s.id;
      chosenLength = s.length;
    }
  }
  REQUIRE(chosen != 0);
  REQUIRE(window.browser()->selectDocument(chosen));
  spanforge::ui::SpanEditor* editor = window.editor();
  CHECK(editor->documentId() == chosen);
  CHECK(editor->spanCount() >= 3);
  window.activateWindow();
  REQUIRE(QTest::qWaitForWindowActive(&window));
  editor->setFocus();

  // A drag over two unlabelled words, held down: the snapped selection is
  // previewed live.
  const auto stored = window.project()->documents().get(chosen);
  const int first = unlabelledWords(stored->doc);
  const auto& tokens = stored->doc.tokens;
  const QPoint from = editor->characterRect(tokens[size_t(first)].start + 1).center().toPoint();
  const QPoint to = editor->characterRect(tokens[size_t(first) + 1].end - 2).center().toPoint();
  QTest::mousePress(editor->viewport(), Qt::LeftButton, {}, from);
  QTest::mouseMove(editor->viewport(), to);
  CHECK(editor->hasSelection());
  QTest::qWait(50);

  const QString dirName = QStringLiteral(SPANFORGE_BINARY_DIR "/screenshots");
  QDir().mkpath(dirName);
  const QImage shot = window.grab().toImage();
  CHECK(shot.size() == QSize(1280, 800));
  CHECK(shot.save(dirName + QStringLiteral("/mainwindow.png")));
  CHECK(shot.save(QStringLiteral("/tmp/sf-editor.png")));
  QTest::mouseRelease(editor->viewport(), Qt::LeftButton, {}, to);

  // A span selected from the keyboard (focus ring).
  QTest::keyClick(editor, Qt::Key_Escape);
  QTest::keyClick(editor, Qt::Key_Tab);
  CHECK(editor->selectedSpan() >= 0);
  QTest::qWait(20);
  const QImage selected = window.grab().toImage();
  CHECK(selected.save(dirName + QStringLiteral("/mainwindow-selected.png")));
  CHECK(selected.save(QStringLiteral("/tmp/sf-editor-selected.png")));

  // The key help over the editor.
  QTest::keyClick(editor, Qt::Key_F1);
  QTest::qWait(20);
  const QImage help = window.grab().toImage();
  CHECK(help.save(dirName + QStringLiteral("/mainwindow-help.png")));
  CHECK(help.save(QStringLiteral("/tmp/sf-help.png")));
  QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);

  // The same window in a dark palette: nothing may assume a white background.
  const QPalette dark = spanforge::testing::darkPalette();
  window.setPalette(dark);
  QTest::qWait(50);
  CHECK(window.browser()->listView()->palette().color(QPalette::Base) ==
        dark.color(QPalette::Base));
  CHECK(window.labelLegend()->palette().color(QPalette::Window) == dark.color(QPalette::Window));
  const QImage darkShot = window.grab().toImage();
  CHECK(darkShot.save(dirName + QStringLiteral("/mainwindow-dark.png")));
  CHECK(darkShot.save(QStringLiteral("/tmp/sf-mainwindow-dark.png")));
}

TEST_CASE("DemoProjectBuilder never replaces an existing file") {
  TempDir dir;
  const std::string path = dir.file("demo.spanforge");
  { std::ofstream(path) << "keep me"; }
  spanforge::ui::DemoProjectBuilder builder;
  const QString error = builder.build(qpath(path), nullptr);
  CHECK(error.contains(QStringLiteral("already exists")));
  std::string content;
  std::getline(std::ifstream(path), content);
  CHECK(content == "keep me");
}

TEST_CASE("The application icon is compiled into the UI library") {
  const QIcon icon(QStringLiteral(":/icons/spanforge.png"));
  REQUIRE_FALSE(icon.isNull());
  CHECK(icon.pixmap(64, 64).width() == 64);
}

// Issue #66: the window opened at its saved (or a fixed) size, so on a
// 1024x640 screen its right end, status bar and key hints were off-screen.
TEST_CASE("MainWindow opens inside the screen, whatever size it was left at") {
  TempDir dir;
  auto settings = makeSettings(dir);
  const QRect small(0, 0, 1024, 640);
  {
    MainWindow first(*settings);
    CHECK_FALSE(first.hasSavedGeometry());
    first.showOnScreen(small);  // first run on a small screen: maximized
    CHECK(first.windowState().testFlag(Qt::WindowMaximized));
    first.showNormal();
    first.resize(1600, 1000);  // left large, as on a bigger screen
    first.close();
  }
  {
    MainWindow again(*settings);
    REQUIRE(again.hasSavedGeometry());
    again.showOnScreen(small);
    CHECK(again.windowState().testFlag(Qt::WindowMaximized));
    again.showNormal();
    again.resize(900, 500);
    again.move(700, 500);  // left small, but past this screen's edge
    again.close();
  }
  MainWindow third(*settings);
  third.showOnScreen(small);
  CHECK_FALSE(third.windowState().testFlag(Qt::WindowMaximized));
  CHECK(third.size() == QSize(900, 500));
  INFO(third.geometry().x() << "," << third.geometry().y() << " " << third.geometry().width() << "x"
                            << third.geometry().height());
  CHECK(small.contains(third.geometry()));
}
