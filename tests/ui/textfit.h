#pragma once

// Text a person must read, checked where it is shown (issue #66): shared by
// the workspace and dialog layout tests.
#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QHeaderView>
#include <QLabel>
#include <QStringList>
#include <QTabBar>
#include <QTextDocument>
#include <QToolBar>
#include <QWidget>

namespace spanforge::testing {

// Content inside a scroll area's viewport may lie outside it: it scrolls.
inline bool insideScrollArea(const QWidget* w) {
  for (const QWidget* a = w; a && !a->isWindow(); a = a->parentWidget()) {
    const auto* area = qobject_cast<const QAbstractScrollArea*>(a->parentWidget());
    if (area && area->viewport() == a) return true;
  }
  return false;
}

// Text that does not fit where it is shown: a label's line wider than the
// label, a button narrower than its text asks, a header section narrower than
// its title, a tab whose title is elided, a tool bar whose actions spill into
// its overflow menu (issue #66: "Sup...", "precisi", "Next Most Informative").
inline QStringList elided(QWidget* window) {
  QStringList out;
  auto say = [&](const QWidget* w, const QString& text, int need, int has) {
    out << QStringLiteral("%1 \"%2\": \"%3\" needs %4 px, has %5")
               .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(), text)
               .arg(need)
               .arg(has);
  };
  for (QWidget* w : window->findChildren<QWidget*>()) {
    if (!w->isVisible() || w->isWindow() || insideScrollArea(w)) continue;
    if (auto* label = qobject_cast<QLabel*>(w)) {
      if (label->text().isEmpty() || !label->pixmap().isNull()) continue;
      if (label->wordWrap()) {  // wrapped: every line must fit in its height
        const int need = label->heightForWidth(label->width());
        if (need > label->height() + 1)
          out << QStringLiteral("QLabel \"%1\" (wrapped): \"%2\" needs %3 px high, has %4")
                     .arg(label->objectName(), label->text().left(60))
                     .arg(need)
                     .arg(label->height());
        continue;
      }
      QTextDocument doc;
      doc.setHtml(label->text());
      const QString plain = Qt::mightBeRichText(label->text()) ? doc.toPlainText() : label->text();
      for (const QString& line : plain.split(QLatin1Char('\n'))) {
        const int need = label->fontMetrics().horizontalAdvance(line);
        const int has = label->contentsRect().width() - 2 * label->margin();
        if (need > has + 1) say(label, line, need, has);
      }
    } else if (auto* button = qobject_cast<QAbstractButton*>(w)) {
      if (button->text().isEmpty() || qobject_cast<const QToolBar*>(button->parentWidget()))
        continue;
      const int need = button->sizeHint().width(), has = button->width();
      if (need > has + 1) say(button, button->text(), need, has);
    } else if (auto* header = qobject_cast<QHeaderView*>(w)) {
      if (header->orientation() != Qt::Horizontal) continue;
      const QAbstractItemModel* model = header->model();
      for (int i = 0; model && i < header->count(); ++i) {
        if (header->isSectionHidden(i)) continue;
        const QString title = model->headerData(i, Qt::Horizontal).toString();
        const int need = header->sectionSizeHint(i);
        // The last section may stretch into what is left of a narrow view.
        const bool last =
            header->stretchLastSection() && header->visualIndex(i) == header->count() - 1;
        if (!title.isEmpty() && !last && header->sectionSize(i) + 1 < need)
          say(header, title, need, header->sectionSize(i));
      }
    } else if (auto* tabs = qobject_cast<QTabBar*>(w)) {
      for (int i = 0; i < tabs->count(); ++i) {
        const int need = tabs->fontMetrics().horizontalAdvance(tabs->tabText(i)) + 16;
        if (tabs->tabRect(i).width() + 1 < need)
          say(tabs, tabs->tabText(i), need, tabs->tabRect(i).width());
      }
    } else if (auto* bar = qobject_cast<QToolBar*>(w)) {
      for (QWidget* child : bar->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly))
        if (child->objectName() == QLatin1String("qt_toolbar_ext_button") && child->isVisible())
          say(bar, QStringLiteral("(actions in the overflow menu)"), bar->sizeHint().width(),
              bar->width());
    }
  }
  return out;
}

}  // namespace spanforge::testing
