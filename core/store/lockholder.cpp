#include "store/lockholder.h"

#include <fcntl.h>
#include <unistd.h>

#include <fstream>
#include <iterator>

namespace spanforge::store {
namespace {

// WALINDEX_LOCK_OFFSET + WAL_WRITE_LOCK in SQLite's wal.c: the write lock's byte.
constexpr off_t kWalWriteLockByte = 120;

std::string commandLine(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
  std::string raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  while (!raw.empty() && raw.back() == '\0') raw.pop_back();
  for (char& c : raw) {
    if (c == '\0') c = ' ';
  }
  const size_t slash = raw.find_last_of('/', raw.find(' '));
  if (slash != std::string::npos) raw = raw.substr(slash + 1);  // program name, not its path
  if (raw.size() > 80) raw = raw.substr(0, 77) + "...";
  return raw;
}

}  // namespace

int LockHolder::pid(const std::string& projectPath) {
  const int fd = ::open((projectPath + "-shm").c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  struct flock lock {};
  lock.l_type = F_WRLCK;
  lock.l_whence = SEEK_SET;
  lock.l_start = kWalWriteLockByte;
  lock.l_len = 1;
  const int rc = ::fcntl(fd, F_GETLK, &lock);
  ::close(fd);
  return rc == 0 && lock.l_type != F_UNLCK ? static_cast<int>(lock.l_pid) : 0;
}

std::string LockHolder::describe(const std::string& projectPath) {
  const int holder = pid(projectPath);
  if (holder == 0) return "another connection (maybe of this program)";
  const std::string cmd = commandLine(holder);
  return "process " + std::to_string(holder) + (cmd.empty() ? "" : " (" + cmd + ")");
}

}  // namespace spanforge::store
