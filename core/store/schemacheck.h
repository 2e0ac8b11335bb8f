#pragma once

#include <string>
#include <vector>

namespace spanforge::store {

class Database;

// Compares a project file's schema (sqlite_schema: type, name, table, SQL) with
// the one our migrations make for its user_version, before anything is written
// to the file or any query runs that a trigger, view or index of someone else's
// could change. A project from elsewhere is data; SQL its author planted in it
// (a trigger deleting gold spans, a slow view) is refused, never run.
//
// Tolerated beyond ours: tables SQLite itself makes (sqlite_sequence,
// sqlite_stat1/4 from ANALYZE) with SQLite's own definition. FTS5's shadow
// tables and the automatic indexes are part of what the migrations make, so
// they are compared like our own tables.
class SchemaCheck {
 public:
  struct Object {
    std::string type;  // table, index, view, trigger
    std::string name;
    std::string table;  // tbl_name
    std::string sql;    // empty for automatic indexes
  };
  enum class Problem { Foreign, Altered, Missing };
  struct Finding {
    Problem problem;
    Object found;     // as in the file (Foreign, Altered)
    Object expected;  // as our migrations make it (Altered, Missing)
  };

  // The differences between db's schema and ours for its user_version (which
  // must be 1..Migrations::latestVersion(): Migrations::checkCompatible first).
  static std::vector<Finding> findings(Database& db);
  // Throws StoreError naming the file and each foreign, altered or missing
  // object (type and name) unless findings() is empty. Reads only.
  static void require(Database& db);
  // The schema the migrations make at `version`, without SQLite's own tables.
  static const std::vector<Object>& expected(int version);
  // SQL with runs of white space made one space, for comparing.
  static std::string normalized(const std::string& sql);
  // "trigger \"x\" (not made by Spanforge)", with the name made printable.
  static std::string describe(const Finding& finding);
};

}  // namespace spanforge::store
