#include "store/schemacheck.h"

#include "store/database.h"
#include "store/migrations.h"
#include "store/storeerror.h"
#include "text/printable.h"

#include <cctype>
#include <map>
#include <mutex>
#include <set>

namespace spanforge::store {
namespace {

std::string printableQuoted(const std::string& s) { return "\"" + text::printable(s) + "\""; }

// Tables SQLite makes by itself (AUTOINCREMENT, ANALYZE), with its own SQL.
const std::map<std::string, std::string>& sqliteTables() {
  static const std::map<std::string, std::string> tables = {
      {"sqlite_sequence", "CREATE TABLE sqlite_sequence(name,seq)"},
      {"sqlite_stat1", "CREATE TABLE sqlite_stat1(tbl,idx,stat)"},
      {"sqlite_stat4", "CREATE TABLE sqlite_stat4(tbl,idx,neq,nlt,ndlt,sample)"},
  };
  return tables;
}

std::vector<SchemaCheck::Object> readSchema(Database& db) {
  std::vector<SchemaCheck::Object> objects;
  Statement st = db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY rowid");
  while (st.step()) {
    objects.push_back({st.columnText(0), st.columnText(1), st.columnText(2), st.columnText(3)});
  }
  return objects;
}

std::string key(const SchemaCheck::Object& o) { return o.type + '\n' + o.name; }

}  // namespace

std::string SchemaCheck::normalized(const std::string& sql) {
  std::string out;
  bool space = false;
  for (const char c : sql) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

const std::vector<SchemaCheck::Object>& SchemaCheck::expected(int version) {
  static std::mutex mutex;
  static std::map<int, std::vector<Object>> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  auto it = cache.find(version);
  if (it != cache.end()) return it->second;
  Database memory("", Database::OpenMode::Memory);
  Migrations::migrateTo(memory, version);
  return cache.emplace(version, readSchema(memory)).first->second;
}

std::vector<SchemaCheck::Finding> SchemaCheck::findings(Database& db) {
  // Reading the schema parses it; a huge crafted schema must not hang us.
  const StatementTimeLimit bound(db, Database::kOpenCheckTimeLimit);
  const int version = db.userVersion();
  std::map<std::string, Object> ours;
  for (const Object& o : expected(version)) ours.emplace(key(o), o);
  std::vector<Finding> result;
  std::set<std::string> seen;
  for (const Object& o : readSchema(db)) {
    seen.insert(key(o));
    const auto it = ours.find(key(o));
    if (it == ours.end()) {
      const auto sqlite = sqliteTables().find(o.name);
      const bool sqliteOwn = o.type == "table" && sqlite != sqliteTables().end();
      if (sqliteOwn && normalized(o.sql) == normalized(sqlite->second)) continue;
      result.push_back({sqliteOwn ? Problem::Altered : Problem::Foreign, o,
                        sqliteOwn ? Object{"table", o.name, o.name, sqlite->second} : Object{}});
      continue;
    }
    if (o.table != it->second.table || normalized(o.sql) != normalized(it->second.sql)) {
      result.push_back({Problem::Altered, o, it->second});
    }
  }
  for (const Object& o : expected(version)) {
    if (!seen.count(key(o))) result.push_back({Problem::Missing, Object{}, o});
  }
  return result;
}

std::string SchemaCheck::describe(const Finding& f) {
  switch (f.problem) {
    case Problem::Foreign:
      return f.found.type + " " + printableQuoted(f.found.name) + " (not made by Spanforge)";
    case Problem::Altered:
      return f.found.type + " " + printableQuoted(f.found.name) +
             " (changed from what Spanforge made)";
    case Problem::Missing:
      return f.expected.type + " " + printableQuoted(f.expected.name) + " (missing)";
  }
  return {};
}

void SchemaCheck::require(Database& db) {
  const auto found = findings(db);
  if (found.empty()) return;
  std::string list;
  for (const Finding& f : found) list += (list.empty() ? "" : ", ") + describe(f);
  throw StoreError("Cannot open the project " + printableQuoted(db.path()) +
                   ": its schema holds SQL that Spanforge did not put there, which could change "
                   "or delete data when the project is used: " +
                   list +
                   ". The file was left as it is. If you trust the project otherwise, "
                   "\"spanforge-cli repair\" removes these objects after making a backup.");
}

}  // namespace spanforge::store
