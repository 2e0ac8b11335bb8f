#include "store/sqliteerror.h"

#include "store/lockholder.h"
#include "store/steptimer.h"

#include <sqlite3.h>

#include <sys/resource.h>
#include <sys/statvfs.h>

#include <cerrno>
#include <cstring>

namespace spanforge::store {
namespace {

// SQLite often loses errno by the time it reports an I/O error; then look at
// the likely causes directly.
int likelyCause(sqlite3* db, const std::string& path) {
  if (const int err = db ? sqlite3_system_errno(db) : 0) return err;
  struct statvfs fs {};
  const std::string folder = path.find('/') == std::string::npos
                                 ? std::string(".")
                                 : path.substr(0, path.find_last_of('/') + 1);
  if (::statvfs(folder.c_str(), &fs) == 0 &&
      static_cast<unsigned long long>(fs.f_bavail) * fs.f_frsize < (8ull << 20)) {
    return ENOSPC;
  }
  rlimit limit{};
  if (::getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) return EFBIG;
  return 0;
}

}  // namespace

StorageError sqliteError(sqlite3* db, int rc, const std::string& context) {
  const char* file = db ? sqlite3_db_filename(db, "main") : nullptr;
  const std::string path = file && *file ? file : "(memory)";
  std::string sqliteMessage = db ? sqlite3_errmsg(db) : "";
  if (sqliteMessage.empty() || sqliteMessage == "not an error") sqliteMessage = sqlite3_errstr(rc);
  const int primary = rc & 0xff;
  std::string advice;
  switch (primary) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      advice = "the project is busy: " + LockHolder::describe(path) +
               " is writing to it; try again when it has finished";
      break;
    case SQLITE_READONLY:
      advice = "the project cannot be changed: the file or its folder is read-only";
      break;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      advice =
          "the project file is damaged (cut short or overwritten); restore it from a backup or "
          "an earlier copy";
      break;
    case SQLITE_INTERRUPT: {
      const auto limit = StepTimer::lastInterruptLimit();
      if (limit.count() > 0) {
        std::string seconds = std::to_string(limit.count() / 1000);
        if (limit.count() % 1000) {
          seconds = std::to_string(limit.count() / 1000.0);
          seconds.erase(seconds.find_last_not_of('0') + 1);
        }
        advice = "a statement took longer than " + seconds +
                 " s and was stopped (the file may be damaged or crafted to be slow)";
      }
      break;
    }
    case SQLITE_FULL:
      advice = "the disk is full; nothing of this change was saved";
      break;
    case SQLITE_IOERR: {
      // SQLite says only "disk I/O error"; the OS error says which.
      const int err = likelyCause(db, path);
      if (err == ENOSPC || err == EDQUOT) {
        advice = "the disk is full; nothing of this change was saved";
      } else if (err == EFBIG) {
        advice =
            "the project file would grow past the file size limit (ulimit -f); nothing of "
            "this change was saved";
      } else {
        advice = "reading or writing the project file failed (" +
                 std::string(err ? std::strerror(err) : "unknown cause") +
                 "); nothing of this change was saved";
      }
      break;
    }
    default:
      break;
  }
  std::string message = path + ": " + (context.empty() ? "" : context + ": ");
  message += advice.empty() ? sqliteMessage : advice + " (SQLite: " + sqliteMessage + ")";
  return StorageError(message, primary);
}

}  // namespace spanforge::store
