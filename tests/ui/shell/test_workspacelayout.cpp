// Every workspace at 1024x640, 1280x800 and 1920x1080, light and dark: the
// window can be that small, the editor keeps 60 characters of text, and no
// visible widget is cut off. With $SPANFORGE_SCREENSHOTS set, each render is
// also written there (resources/screenshots/workspaces holds the committed ones).
#include "darkpalette.h"
#include "documents/documentbrowser.h"
#include "editor/editorpane.h"
#include "editor/helpoverlay.h"
#include "editor/spaneditor.h"
#include "modelloop/evaluation/evaluationview.h"
#include "modelloop/modelloop.h"
#include "modelloop/modelloopproject.h"
#include "modelloop/modeltoolbar.h"
#include "modelloop/review/reviewqueueview.h"
#include "shell/mainwindow.h"
#include "shell/workspacestack.h"
#include "shotsdir.h"
#include "textfit.h"
#include "training/runs/runhistory.h"
#include "training/trainingpanel.h"
#include "uitestproject.h"

#include "catchapi.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLayout>
#include <QSignalSpy>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>
#include <QTextDocument>
#include <QToolBar>
#include <QToolButton>

#include <algorithm>

namespace ui = spanforge::ui;
using spanforge::testing::TempDir;
using ui::Workspace;

namespace {

// Content inside a scroll area's viewport may lie outside it: it scrolls.
bool scrolls(const QWidget* w) {
  for (const QWidget* a = w; a && !a->isWindow(); a = a->parentWidget()) {
    const auto* area = qobject_cast<const QAbstractScrollArea*>(a->parentWidget());
    if (area && area->viewport() == a) return true;
  }
  return false;
}

bool inLayout(QLayout* layout, const QWidget* w) {
  for (int i = 0; layout && i < layout->count(); ++i) {
    QLayoutItem* item = layout->itemAt(i);
    if (item->widget() == w || inLayout(item->layout(), w)) return true;
  }
  return false;
}

// Placed by a layout or a splitter, which owe it its minimum; a scroll area's
// headers and a spin box's line edit are placed by hand.
bool laidOut(const QWidget* w) {
  const QWidget* parent = w->parentWidget();
  return parent && (qobject_cast<const QSplitter*>(parent) || inLayout(parent->layout(), w));
}

// The smallest size w's layout must give it (what QLayout asks of a widget).
QSize layoutMinimum(const QWidget* w) {
  const QSize hint = w->minimumSizeHint(), size = w->sizeHint();
  const QSizePolicy policy = w->sizePolicy();
  auto pick = [](QSizePolicy::Policy p, int min, int pref) {
    if (p == QSizePolicy::Ignored) return 0;
    return (p & QSizePolicy::ShrinkFlag) ? min : std::max(min, pref);
  };
  QSize s(pick(policy.horizontalPolicy(), hint.width(), size.width()),
          pick(policy.verticalPolicy(), hint.height(), size.height()));
  if (w->hasHeightForWidth()) s.setHeight(std::min(s.height(), w->heightForWidth(w->width())));
  return s.expandedTo(w->minimumSize()).boundedTo(w->maximumSize());
}

// Visible widgets that are cut off: past the window's edge, or smaller than
// their minimum (the layout could not fit them).
QStringList clipped(QWidget* window) {
  QStringList out;
  for (QWidget* w : window->findChildren<QWidget*>()) {
    if (!w->isVisible() || w->isWindow() || scrolls(w)) continue;
    const QRect r(w->mapTo(window, QPoint(0, 0)), w->size());
    const QSize min = layoutMinimum(w);
    const bool outside = !window->rect().adjusted(0, 0, 1, 1).contains(r);
    const bool squeezed =
        laidOut(w) && (w->width() + 1 < min.width() || w->height() + 1 < min.height());
    if (outside || squeezed)
      out << QStringLiteral("%1 \"%2\" at %3,%4 %5x%6 (minimum %7x%8)")
                 .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName())
                 .arg(r.x())
                 .arg(r.y())
                 .arg(r.width())
                 .arg(r.height())
                 .arg(min.width())
                 .arg(min.height());
  }
  return out;
}

struct Page {
  const char* name;
  Workspace workspace;
  int trainTab;  // the Train workspace's tab; -1 elsewhere
};

}  // namespace

TEST_CASE("Workspaces: readable at 1024x640, 1280x800 and 1920x1080, light and dark") {
  TempDir dir;
  const auto project = spanforge::testing::makeModelProject(dir, 30, 12);
  auto settings = spanforge::testing::makeSettings(dir);
  ui::MainWindow window(*settings);
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  REQUIRE(window.openProject(QString::fromStdString(project.path)));
  // Evaluate once, so that its tables have rows in every render.
  ui::EvaluationView* evaluation = window.modelLoop()->evaluation();
  QSignalSpy evaluated(evaluation, &ui::EvaluationView::evaluated);
  window.setWorkspace(Workspace::Evaluate);
  REQUIRE((!evaluated.isEmpty() || evaluated.wait(60000)));

  const Page pages[] = {
      {"annotate", Workspace::Annotate, -1},    {"train-setup", Workspace::Train, 0},
      {"train-dashboard", Workspace::Train, 1}, {"review", Workspace::Review, -1},
      {"evaluate", Workspace::Evaluate, -1},    {"runs", Workspace::Runs, -1}};
  const bool save = qEnvironmentVariableIsSet("SPANFORGE_SCREENSHOTS");
  for (const QSize size : {QSize(1024, 640), QSize(1280, 800), QSize(1920, 1080)}) {
    window.resize(size);
    for (const bool dark : {false, true}) {
      window.setPalette(dark ? spanforge::testing::darkPalette() : QPalette());
      for (const Page& page : pages) {
        window.setWorkspace(page.workspace);
        if (page.trainTab >= 0) window.trainingPanel()->tabs()->setCurrentIndex(page.trainTab);
        QTest::qWait(30);  // layouts settle
        INFO(page.name << " at " << size.width() << "x" << size.height() << (dark ? " dark" : ""));
        INFO("window " << window.width() << "x" << window.height() << ", minimum "
                       << window.minimumSizeHint().width() << "x"
                       << window.minimumSizeHint().height());
        CHECK(window.size() == size);  // the window's minimum fits
        const QStringList cut = clipped(&window);
        INFO(cut.join(QLatin1Char('\n')).toStdString());
        CHECK(cut.isEmpty());
        const QStringList cutText = spanforge::testing::elided(&window);
        INFO(cutText.join(QLatin1Char('\n')).toStdString());
        CHECK(cutText.isEmpty());
        if (page.workspace == Workspace::Annotate || page.workspace == Workspace::Review) {
          const ui::SpanEditor* editor = window.editor();
          REQUIRE(editor->isVisible());
          CHECK(editor->textWidth() >=
                ui::SpanEditor::kMinColumns * editor->fontMetrics().averageCharWidth());
        }
        if (page.workspace == Workspace::Annotate) {  // F1's card fits the window
          ui::HelpOverlay* help = window.editorPane()->help();
          help->open();
          const QPixmap shot = window.grab();  // paints the card
          const QRectF card = help->shownCard().translated(help->mapTo(&window, QPoint(0, 0)));
          CHECK_FALSE(card.isEmpty());
          CHECK(QRectF(window.rect()).contains(card));
          if (save)
            CHECK(shot.save(QStringLiteral("%1/help-%2x%3%4.png")
                                .arg(spanforge::testing::shotsDir())
                                .arg(size.width())
                                .arg(size.height())
                                .arg(dark ? QStringLiteral("-dark") : QString())));
          help->close();
        }
        if (save)
          CHECK(
              window.grab().save(QStringLiteral("%1/%2-%3x%4%5.png")
                                     .arg(spanforge::testing::shotsDir(), QLatin1String(page.name))
                                     .arg(size.width())
                                     .arg(size.height())
                                     .arg(dark ? QStringLiteral("-dark") : QString())));
      }
    }
  }
}

TEST_CASE("Workspaces: the mode bar and Ctrl+1..5 switch, the editor follows") {
  TempDir dir;
  const auto project = spanforge::testing::makeModelProject(dir, 6, 0);
  auto settings = spanforge::testing::makeSettings(dir);
  {
    ui::MainWindow window(*settings);
    window.resize(1280, 800);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    REQUIRE(window.openProject(QString::fromStdString(project.path)));
    window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&window));
    CHECK(window.workspace() == Workspace::Annotate);
    CHECK(window.editor()->isVisible());
    CHECK(window.browser()->isVisible());
    // Small enough for an 800x600 screen (and the offscreen test screen).
    CHECK(window.minimumSizeHint().width() <= 800);

    QTest::mouseClick(window.workspaces()->button(Workspace::Train), Qt::LeftButton);
    CHECK(window.workspace() == Workspace::Train);
    CHECK(window.trainingPanel()->isVisible());
    CHECK_FALSE(window.editor()->isVisible());
    CHECK_FALSE(window.modelLoop()->toolBar()->isVisible());  // it acts on documents

    QTest::keyClick(&window, Qt::Key_3, Qt::ControlModifier);
    CHECK(window.workspace() == Workspace::Review);
    CHECK(window.modelLoop()->reviewQueue()->isVisible());
    CHECK(window.editor()->isVisible());  // moved beside the queue
    CHECK(window.modelLoop()->toolBar()->isVisible());
    CHECK(window.workspaces()->action(Workspace::Review)->isChecked());

    QTest::keyClick(&window, Qt::Key_1, Qt::ControlModifier);
    CHECK(window.workspace() == Workspace::Annotate);
    CHECK(window.editor()->isVisible());
    CHECK_FALSE(window.modelLoop()->reviewQueue()->isVisible());

    QTest::keyClick(&window, Qt::Key_5, Qt::ControlModifier);
    CHECK(window.workspace() == Workspace::Runs);
    CHECK(window.trainingPanel()->runs()->isVisible());
    window.close();  // remembers the workspace
  }
  ui::MainWindow again(*settings);
  CHECK(again.workspace() == Workspace::Runs);
}
