// GUI speed, measured offscreen: (1) opening a 1,000,000-document project in
// the document browser and scrolling it to the end the way a user dragging
// the scroll bar down would (every page fetched lazily), and (2) laying out
// and painting a 50,000-word document in the span editor. Prints figures;
// not a test. Usage: bench_ui [project path] [documents]
#include "documents/documentbrowser.h"
#include "documents/documentlistmodel.h"
#include "editor/spaneditor.h"
#include "store/database.h"
#include "store/projectstore.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QListView>
#include <QScrollBar>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

using namespace spanforge;

namespace {

double ms(const QElapsedTimer& t) { return t.nsecsElapsed() / 1e6; }

void createProject(const std::string& path, int documents) {
  QElapsedTimer t;
  t.start();
  auto project = store::ProjectStore::create(path);
  project->labels().add("PER");
  project->labels().add("LOC");
  store::Transaction tx(project->db());
  for (int i = 1; i <= documents; ++i) {
    text::Document d;
    const std::string prefix = "Tweet " + std::to_string(i) + ": ";
    d.text = prefix + "Alice met Bob in Paris before the game tonight";
    const int64_t base = static_cast<int64_t>(prefix.size());
    if (i % 10 == 0) d.spans.push_back({base, base + 5, "PER"});
    d.status = static_cast<text::DocStatus>(i % 4);
    project->documents().add(d);
  }
  tx.commit();
  std::printf("created %d documents in %.1f s\n", documents, ms(t) / 1000);
}

void benchModel(const std::string& path) {
  auto project = store::ProjectStore::open(path);
  ui::DocumentListModel model;
  QElapsedTimer t;
  t.start();
  model.setRepository(&project->documents());
  int pages = 1;
  while (model.canFetchMore({})) {
    model.fetchMore({});
    ++pages;
  }
  std::printf("model alone: every page          %8.1f ms  (%d pages, %.2f ms per page)\n", ms(t),
              pages, ms(t) / pages);
}

void benchBrowser(const std::string& path) {
  QElapsedTimer t;
  t.start();
  auto project = store::ProjectStore::open(path);
  ui::DocumentBrowser browser;
  browser.resize(380, 800);
  browser.setSource(&project->documents(), project->labels().all(),
                    project->documents().countByStatus());
  browser.show();
  QApplication::processEvents();
  browser.listView()->viewport()->repaint();
  const double open = ms(t);
  std::printf("browser: open and first paint  %8.1f ms  (%lld documents, %d rows loaded)\n", open,
              static_cast<long long>(browser.model()->totalCount()), browser.model()->rowCount());

  // Drag the scroll bar to the bottom again and again: each time the view
  // asks the model for the next page, then paints.
  QScrollBar* bar = browser.listView()->verticalScrollBar();
  QElapsedTimer step;
  double worst = 0;
  int steps = 0;
  t.restart();
  while (browser.model()->canFetchMore({})) {
    step.start();
    bar->setValue(bar->maximum());
    QApplication::processEvents();
    browser.listView()->viewport()->repaint();
    worst = std::max(worst, ms(step));
    ++steps;
  }
  const double toEnd = ms(t);
  std::printf(
      "browser: scroll to the end      %8.1f ms  (%d pages of %d growing to %d rows, %.2f ms "
      "per page, worst %.1f ms)\n",
      toEnd, steps, ui::DocumentListModel::kPageSize, ui::DocumentListModel::kMaxPageSize,
      toEnd / std::max(1, steps), worst);
  // Smoothness at the end: page up and down through loaded rows.
  t.restart();
  for (int i = 0; i < 200; ++i) {
    bar->setValue(bar->value() - bar->pageStep() * (i % 2 ? -1 : 1));
    browser.listView()->viewport()->repaint();
  }
  std::printf("browser: page up/down at the end %7.2f ms per step  (%d rows loaded)\n", ms(t) / 200,
              browser.model()->rowCount());
  browser.setSource(nullptr, {}, {});
}

text::Document longDocument(int words, int paragraphWords) {
  static const char* const kWords[] = {"Alice", "met", "Acme",    "in",  "Paris",
                                       "and",   "the", "weather", "was", "fine."};
  text::Document d;
  for (int i = 0; i < words; ++i) {
    const int64_t start = static_cast<int64_t>(d.text.size());
    d.text += kWords[i % 10];
    if (i % 20 == 0) d.spans.push_back({start, start + 5, i % 40 ? "PER" : "LOC"});
    if (i + 1 < words) d.text += paragraphWords && (i + 1) % paragraphWords == 0 ? "\n" : " ";
  }
  return d;
}

void benchEditor(int paragraphWords) {
  const text::Document doc = longDocument(50000, paragraphWords);
  ui::SpanEditor editor;
  editor.setLabels({{1, "PER", "#e6194b", "1"}, {2, "LOC", "#4363d8", "2"}});
  editor.resize(900, 800);
  editor.show();
  QApplication::processEvents();

  QElapsedTimer t;
  t.start();
  editor.setDocument(1, doc);
  editor.viewport()->repaint();
  const double first = ms(t);
  const auto& layout = editor.documentLayout();
  const int blocksAtOpen = layout.laidOutBlocks();

  // Page down through the whole document: every block gets laid out once.
  QScrollBar* bar = editor.verticalScrollBar();
  double worst = 0;
  int pages = 0;
  t.restart();
  QElapsedTimer step;
  while (bar->value() < bar->maximum()) {
    step.start();
    bar->setValue(bar->value() + bar->pageStep());
    editor.viewport()->repaint();
    worst = std::max(worst, ms(step));
    ++pages;
  }
  const double scroll = ms(t);
  // Painting again, everything laid out: the cost of a frame.
  t.restart();
  for (int i = 0; i < 100; ++i) {
    bar->setValue(bar->value() - bar->pageStep() * (i % 2 ? -1 : 1));
    editor.viewport()->repaint();
  }
  const double frame = ms(t) / 100;
  // A resize lays out again from scratch (lazily).
  t.restart();
  editor.resize(700, 800);
  editor.viewport()->repaint();
  const double resize = ms(t);

  std::printf("editor (%s): 50,000 words, %zu chars, %d spans, %zu blocks\n",
              paragraphWords ? "paragraphs of 120 words" : "one paragraph", doc.text.size(),
              editor.spanCount(), layout.blockCount());
  std::printf("  open + first paint            %8.1f ms  (%d blocks laid out)\n", first,
              blocksAtOpen);
  std::printf(
      "  page down to the end          %8.1f ms  (%d pages, %.2f ms per page, worst %.1f)\n",
      scroll, pages, scroll / std::max(1, pages), worst);
  std::printf("  repaint, all laid out         %8.2f ms per frame\n", frame);
  std::printf("  resize + paint                %8.1f ms\n", resize);
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  const std::string path = argc > 1 ? argv[1] : "/tmp/spanforge-bench-ui.spanforge";
  const int documents = argc > 2 ? std::stoi(argv[2]) : 1000000;
  if (!std::filesystem::exists(path)) createProject(path, documents);
  benchModel(path);
  benchBrowser(path);
  benchEditor(120);
  benchEditor(0);
  return 0;
}
