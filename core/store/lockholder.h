#pragma once

#include <string>

namespace spanforge::store {

// Who holds a project's write lock. SQLite only says "database is locked";
// in WAL mode the writer holds a POSIX lock on byte 120 of the -shm file, and
// fcntl(F_GETLK) names its process, whose command line tells the user what
// to wait for.
class LockHolder {
 public:
  // "process 1234 (spanforge-cli import big.jsonl)", or "another connection
  // of this program" / "another process" when it cannot tell.
  static std::string describe(const std::string& projectPath);
  // The pid holding the write lock, 0 if none is seen (or it is this process).
  static int pid(const std::string& projectPath);
};

}  // namespace spanforge::store
