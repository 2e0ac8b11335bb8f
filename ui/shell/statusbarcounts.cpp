#include "shell/statusbarcounts.h"

#include "common/docstatusstyle.h"

#include <QLocale>

namespace spanforge::ui {

StatusBarCounts::StatusBarCounts(QWidget* parent) : QLabel(parent) {
  setTextFormat(Qt::RichText);
  setContentsMargins(6, 0, 6, 0);
  clearCounts();
}

void StatusBarCounts::setCounts(const std::map<text::DocStatus, int64_t>& counts) {
  const QLocale locale;
  int64_t total = 0;
  for (const auto& [status, n] : counts) total += n;
  QStringList plain{total == 1 ? tr("1 document")
                               : tr("%1 documents").arg(locale.toString(qlonglong(total)))};
  QStringList rich{QStringLiteral("<b>%1</b>").arg(plain.front().toHtmlEscaped())};
  // Accepted first: it is what training uses.
  for (text::DocStatus s : {text::DocStatus::Accepted, text::DocStatus::Unlabelled,
                            text::DocStatus::Rejected, text::DocStatus::Ignored}) {
    const auto it = counts.find(s);
    const qlonglong n = it == counts.end() ? 0 : it->second;
    const QString part =
        QStringLiteral("%1 %2").arg(DocStatusStyle::name(s).toLower(), locale.toString(n));
    plain << part;
    rich << QStringLiteral("<span style=\"color:%1\">●</span>&nbsp;%2")
                .arg(DocStatusStyle::color(s).name(), part.toHtmlEscaped());
  }
  plain_ = plain.join(QStringLiteral(" · "));
  setText(rich.join(QStringLiteral(" &nbsp;·&nbsp; ")));
  setToolTip(plain_);
}

void StatusBarCounts::clearCounts() {
  plain_ = tr("No project open");
  setText(plain_.toHtmlEscaped());
  setToolTip({});
}

}  // namespace spanforge::ui
