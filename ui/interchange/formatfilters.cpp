#include "interchange/formatfilters.h"

#include "io/formatregistry.h"

#include <QObject>

namespace spanforge::ui {

QString FormatFilters::readablePatterns() {
  QStringList patterns;
  for (const io::FormatInfo* f : io::FormatRegistry::supporting(io::FormatRegistry::Access::Read))
    for (const std::string& ext : f->fileExtensions()) {
      const QString pattern = QStringLiteral("*") + QString::fromStdString(ext);
      if (!patterns.contains(pattern)) patterns << pattern;  // doccano shares .jsonl
    }
  return patterns.join(QLatin1Char(' '));
}

QString FormatFilters::readFilter(const QString& title) {
  return QStringLiteral("%1 (%2);;%3 (*)").arg(title, readablePatterns(), QObject::tr("All files"));
}

QString FormatFilters::writeFilters() {
  QStringList filters;
  for (const io::FormatInfo* f :
       io::FormatRegistry::supporting(io::FormatRegistry::Access::Write)) {
    QStringList patterns;
    for (const std::string& ext : f->extensions)
      patterns << QStringLiteral("*") + QString::fromStdString(ext);
    if (!patterns.isEmpty())
      filters << QStringLiteral("%1 (%2)").arg(QString::fromStdString(f->name),
                                               patterns.join(QLatin1Char(' ')));
  }
  return filters.join(QStringLiteral(";;"));
}

QStringList FormatFilters::extensions(io::FormatRegistry::Access access) {
  QStringList out;
  for (const io::FormatInfo* f : io::FormatRegistry::supporting(access))
    for (const std::string& ext : f->extensions) out << QString::fromStdString(ext);
  return out;
}

}  // namespace spanforge::ui
