#pragma once

// A main window on its own temporary project (see makeProject), shown and
// active, with helpers that drive the span editor through real mouse and key
// events and read back what the store holds over a second connection, i.e.
// what is committed and would survive the process being killed.
#include "documents/documentbrowser.h"
#include "documents/documentlistmodel.h"
#include "editor/spaneditor.h"
#include "shell/mainwindow.h"
#include "shell/statusbarcounts.h"
#include "store/projectstore.h"
#include "uitestproject.h"

#include "catchapi.h"

#include <QApplication>
#include <QStatusBar>
#include <QTest>

#include <memory>
#include <string>
#include <vector>

namespace spanforge::testing {

class EditorHarness {
 public:
  explicit EditorHarness(int documents = 12)
      : EditorHarness(documents, [](store::ProjectStore&) {}) {}
  // Before the window opens the project, `prepare` may write to it (documents
  // of its own).
  template <class Prepare>
  EditorHarness(int documents, Prepare&& prepare) : dir_(), path_(dir_.file("p.spanforge")) {
    prepare(*makeProject(path_, documents));
    settings_ = makeSettings(dir_);
    window_ = std::make_unique<ui::MainWindow>(*settings_);
    window_->resize(1100, 700);
    window_->show();
    REQUIRE(QTest::qWaitForWindowExposed(window_.get()));
    REQUIRE(window_->openProject(QString::fromStdString(path_)));
    window_->activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(window_.get()));
    focusEditor();
  }

  ui::MainWindow& window() { return *window_; }
  ui::SpanEditor* editor() { return window_->editor(); }
  const std::string& path() const { return path_; }
  const TempDir& dir() const { return dir_; }

  void focusEditor() {
    editor()->setFocus(Qt::OtherFocusReason);
    REQUIRE(waitFor([this] { return QApplication::focusWidget() == editor(); }));
  }
  void open(int64_t id) {
    REQUIRE(window_->browser()->selectDocument(id));
    REQUIRE(editor()->documentId() == id);
    focusEditor();
  }

  // A point inside character cp of the open document (fraction: how far
  // across it), in the editor viewport's coordinates.
  QPoint at(int64_t cp, double fraction = 0.5) {
    const QRectF r = editor()->characterRect(cp);
    REQUIRE_FALSE(r.isNull());
    return QPointF(r.left() + r.width() * fraction, r.center().y()).toPoint();
  }
  // Presses in one character and moves and releases in another; check is
  // called while the button is still down (the live preview).
  template <typename Check>
  void drag(QPoint from, QPoint to, Qt::KeyboardModifiers mods, Check&& whileDown) {
    QWidget* vp = editor()->viewport();
    QTest::mousePress(vp, Qt::LeftButton, mods, from);
    QTest::mouseMove(vp, (from + to) / 2);
    QTest::mouseMove(vp, to);
    whileDown();
    QTest::mouseRelease(vp, Qt::LeftButton, mods, to);
  }
  void drag(QPoint from, QPoint to, Qt::KeyboardModifiers mods = {}) {
    drag(from, to, mods, [] {});
  }
  void click(QPoint p) { QTest::mouseClick(editor()->viewport(), Qt::LeftButton, {}, p); }
  void doubleClick(QPoint p) {
    QWidget* vp = editor()->viewport();
    QTest::mousePress(vp, Qt::LeftButton, {}, p);
    QTest::mouseRelease(vp, Qt::LeftButton, {}, p);
    QTest::mouseDClick(vp, Qt::LeftButton, {}, p);
    QTest::mouseRelease(vp, Qt::LeftButton, {}, p);
  }
  void key(Qt::Key k, Qt::KeyboardModifiers mods = {}) { QTest::keyClick(editor(), k, mods); }
  void type(char c) { QTest::keyClick(editor(), c); }

  QString message() const { return window_->statusBar()->currentMessage(); }

  // What the store holds, read over a connection of its own.
  store::StoredDocument stored(int64_t id) const {
    const auto project = store::ProjectStore::open(path_);
    const auto doc = project->documents().get(id);
    REQUIRE(doc);
    return *doc;
  }
  std::vector<text::Span> spans(int64_t id) const { return stored(id).doc.spans; }
  text::DocStatus status(int64_t id) const { return stored(id).doc.status; }
  std::vector<store::Label> labels() const {
    return store::ProjectStore::open(path_)->labels().all();
  }

 private:
  TempDir dir_;
  std::string path_;
  std::unique_ptr<QSettings> settings_;
  std::unique_ptr<ui::MainWindow> window_;
};

}  // namespace spanforge::testing
