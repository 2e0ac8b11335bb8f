#pragma once

#include <cstdint>
#include <vector>

namespace spanforge::store {

class Database;

// One forward step of the schema: takes a file at user_version toVersion - 1
// to toVersion. Steps are frozen once released; a schema change is a new step
// (and a new fixture in tests/store/test_migrations.cpp).
struct MigrationStep {
  int toVersion;
  const char* summary;
  void (*apply)(Database& db);
};

// The ordered list of schema steps and the checks that guard them. Version 0
// is an empty file; the schema version lives in PRAGMA user_version and
// PRAGMA application_id marks the file as a Spanforge project.
class Migrations {
 public:
  static constexpr int32_t kApplicationId = 0x53465247;  // "SFRG"

  static const std::vector<MigrationStep>& steps();
  static int latestVersion();

  // Throws StoreError naming the file unless it is empty (version 0) or a
  // Spanforge project no newer than latestVersion().
  // An empty database (no tables, version 0) passes only with allowEmpty: a
  // new project is one, an existing file the user opens is not.
  static void checkCompatible(Database& db, bool allowEmpty = true);
  // Runs every missing step up to latestVersion() in one transaction.
  static void migrate(Database& db);
  // Same, stopping at `version`; tests use it to build historical files.
  static void migrateTo(Database& db, int version);
};

}  // namespace spanforge::store
