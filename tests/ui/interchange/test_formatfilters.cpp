// The file dialogs' filters come from the format registry: every format the
// registry can read or write is offered, and nothing else.
#include "interchange/formatfilters.h"
#include "io/formatregistry.h"

#include "catchapi.h"

#include <algorithm>

using spanforge::ui::FormatFilters;
namespace io = spanforge::io;

TEST_CASE("Open dialogs offer every readable extension once") {
  const QString filter = FormatFilters::readFilter(QStringLiteral("Documents"));
  REQUIRE(filter.startsWith(QStringLiteral("Documents (")));
  REQUIRE(filter.endsWith(QStringLiteral(";;All files (*)")));
  const QStringList patterns = FormatFilters::readablePatterns().split(QLatin1Char(' '));
  for (const io::FormatInfo* f : io::FormatRegistry::supporting(io::FormatRegistry::Access::Read))
    for (const std::string& ext : f->fileExtensions())
      CHECK(patterns.count(QStringLiteral("*") + QString::fromStdString(ext)) == 1);
  CHECK(patterns.contains(QStringLiteral("*.conll")));
}

TEST_CASE("Save dialogs offer one filter per writable format with its own extensions") {
  const QStringList filters = FormatFilters::writeFilters().split(QStringLiteral(";;"));
  int withExtensions = 0;
  for (const io::FormatInfo* f :
       io::FormatRegistry::supporting(io::FormatRegistry::Access::Write)) {
    if (f->extensions.empty()) continue;
    ++withExtensions;
    const QString name = QString::fromStdString(f->name) + QStringLiteral(" (");
    CHECK(std::count_if(filters.begin(), filters.end(),
                        [&](const QString& s) { return s.startsWith(name); }) == 1);
  }
  CHECK(filters.size() == withExtensions);
  CHECK(FormatFilters::extensions(io::FormatRegistry::Access::Write)
            .contains(QStringLiteral(".jsonl")));
}
