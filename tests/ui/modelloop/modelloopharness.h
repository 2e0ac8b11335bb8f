#pragma once

// A main window on a project with a current model (see makeModelProject),
// shown and active, for the model-in-the-loop tests; reads back what the
// store holds over a connection of its own.
#include "documents/documentbrowser.h"
#include "editor/spaneditor.h"
#include "modelloop/modelloop.h"
#include "modelloop/modelloopproject.h"
#include "shell/mainwindow.h"
#include "uitestproject.h"

#include "catchapi.h"

#include <QApplication>
#include <QStatusBar>
#include <QTest>

#include <memory>

namespace spanforge::testing {

class ModelLoopHarness {
 public:
  // Before the window opens, `prepare` may write to the project (stored
  // predictions, statuses).
  template <class Prepare>
  ModelLoopHarness(int poolSize, int devSize, Prepare&& prepare)
      : project_(makeModelProject(dir_, poolSize, devSize)) {
    {
      auto p = store::ProjectStore::open(project_.path);
      prepare(*p);
    }
    settings_ = makeSettings(dir_);
    window_ = std::make_unique<ui::MainWindow>(*settings_);
    window_->resize(1200, 800);
    window_->show();
    REQUIRE(QTest::qWaitForWindowExposed(window_.get()));
    REQUIRE(window_->openProject(QString::fromStdString(project_.path)));
    window_->activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(window_.get()));
  }
  explicit ModelLoopHarness(int poolSize = 6, int devSize = 0)
      : ModelLoopHarness(poolSize, devSize, [](store::ProjectStore&) {}) {}

  ui::MainWindow& window() { return *window_; }
  ui::ModelLoop& loop() { return *window_->modelLoop(); }
  ui::SpanEditor* editor() { return window_->editor(); }
  const ModelProject& project() const { return project_; }
  QString message() const { return window_->statusBar()->currentMessage(); }

  void open(int64_t id) {
    REQUIRE(window_->browser()->selectDocument(id));
    REQUIRE(editor()->documentId() == id);
    editor()->setFocus(Qt::OtherFocusReason);
    REQUIRE(waitFor([this] { return QApplication::focusWidget() == editor(); }));
  }
  // A point inside suggestion i of the open document (viewport coordinates).
  QPoint suggestionPoint(int i) {
    const QVector<QRectF> rects = editor()->suggestionRects(i);
    REQUIRE_FALSE(rects.isEmpty());
    return rects.front().center().toPoint();
  }

  std::unique_ptr<store::ProjectStore> store() const {
    return store::ProjectStore::open(project_.path);
  }
  std::vector<text::Span> gold(int64_t id) const { return store()->documents().get(id)->doc.spans; }
  std::vector<text::ScoredSpan> predictions(int64_t id) const {
    return store()->predictions().get(id, project_.modelId);
  }

 private:
  TempDir dir_;
  ModelProject project_;
  std::unique_ptr<QSettings> settings_;
  std::unique_ptr<ui::MainWindow> window_;
};

// Pool document 0 reads "Dave met Globex in Paris . #0": the current model's
// stored predictions for it (and for the next ones, up to `documents`).
inline const std::vector<text::ScoredSpan> kPredicted{
    {{0, 4, "PER"}, 0.91}, {{9, 15, "ORG"}, 0.55}, {{19, 24, "LOC"}, 0.42}};

inline ModelLoopHarness withPredictions(int documents = 1) {
  return ModelLoopHarness(6, 0, [documents](store::ProjectStore& p) {
    for (const auto& d : p.documents().page({}, 0, documents))
      p.predictions().set(d.id, p.runs().currentModel()->id, kPredicted);
  });
}

}  // namespace spanforge::testing
