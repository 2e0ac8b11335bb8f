#include "session/spanquote.h"

#include "text/utf8.h"

namespace spanforge::ui {

QString quotedSpan(const text::Document& doc, const text::Span& span) {
  const text::OffsetMap map(doc.text);
  const auto slice = map.text(doc.text, span.start, span.end);
  if (!slice) return {};
  QString t = QString::fromUtf8(slice->data(), static_cast<qsizetype>(slice->size()));
  t.replace(QLatin1Char('\n'), QLatin1Char(' '));
  if (t.size() > 40) t = t.left(39) + QChar(0x2026);
  return QStringLiteral("“%1”").arg(t);
}

}  // namespace spanforge::ui
