#pragma once

#include "io/formatregistry.h"

#include <QString>
#include <QStringList>

namespace spanforge::ui {

// File-dialog name filters and extension lists from io::FormatRegistry, so
// that no dialog types a format or an extension by hand.
class FormatFilters {
 public:
  // "*.jsonl *.json ..." for every format that can be read (each once).
  static QString readablePatterns();
  // "Documents (*.jsonl ...);;All files (*)", `title` naming the first.
  static QString readFilter(const QString& title);
  // One "Name (*.ext ...)" filter per writable format with an extension.
  static QString writeFilters();
  // The extensions "auto" picks a readable (writable) format by (".jsonl", ".json", ...).
  static QStringList extensions(io::FormatRegistry::Access access);
};

}  // namespace spanforge::ui
