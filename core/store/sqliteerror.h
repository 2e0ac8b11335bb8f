#pragma once

#include "store/storeerror.h"

#include <string>

struct sqlite3;

namespace spanforge::store {

// The StorageError for a failed SQLite call on db: names the project file and
// says what the user can do about the common causes (busy: who holds the
// lock; read-only; disk full). context goes before SQLite's own message.
StorageError sqliteError(sqlite3* db, int rc, const std::string& context = {});

}  // namespace spanforge::store
