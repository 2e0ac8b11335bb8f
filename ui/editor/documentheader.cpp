#include "editor/documentheader.h"

#include "common/docstatusstyle.h"

#include <QStringList>

namespace spanforge::ui {

DocumentHeader::DocumentHeader(QWidget* parent) : QLabel(parent) {
  setTextFormat(Qt::RichText);
  setTextInteractionFlags(Qt::TextSelectableByMouse);
  setFocusPolicy(Qt::NoFocus);
  clear();
}

void DocumentHeader::clear() { setText(QStringLiteral(" ")); }

void DocumentHeader::setDocument(const store::StoredDocument& stored) {
  const text::Document& d = stored.doc;
  QStringList parts;
  parts << tr("<b>Document %1</b>").arg(stored.id);
  parts << QStringLiteral("<span style=\"color:%1\">●</span>&nbsp;%2")
               .arg(DocStatusStyle::color(d.status).name(), DocStatusStyle::name(d.status));
  const auto n = static_cast<qlonglong>(d.spans.size());
  parts << (n == 0 ? tr("no spans") : n == 1 ? tr("1 span") : tr("%1 spans").arg(n));
  if (stored.split != store::Split::None)
    parts << tr("%1 split").arg(QString::fromUtf8(store::toString(stored.split)));
  if (!d.source.empty()) parts << QString::fromStdString(d.source).toHtmlEscaped();
  setText(parts.join(QStringLiteral(" &nbsp;·&nbsp; ")));
}

}  // namespace spanforge::ui
