#include "train/package/atomicdirectory.h"

#include "io/removetree.h"
#include "train/package/modelpackageerror.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>

namespace spanforge::train {
namespace {

namespace fs = std::filesystem;

// ".NAME.tmp-PID-RANDOM": the pid tells a later writer whether its maker is
// still alive.
std::string sibling(const fs::path& target, const char* kind) {
  std::random_device rd;
  const auto tag = std::to_string(::getpid()) + "-" + std::to_string(rd() % 1000000);
  return (target.parent_path() / ("." + target.filename().string() + kind + tag)).string();
}

bool processAlive(const std::string& pidText) {
  char* end = nullptr;
  const long pid = std::strtol(pidText.c_str(), &end, 10);
  if (end == pidText.c_str() || *end != '-' || pid <= 0) return false;  // no pid: an old name
  return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

// fsync a file or directory so that a rename after it cannot expose data the
// disk does not have yet.
void syncPath(const std::string& path, bool directory) {
  const int fd = ::open(path.c_str(), (directory ? O_DIRECTORY : 0) | O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw ModelPackageError(path, std::string("cannot open: ") + std::strerror(errno));
  const int rc = ::fsync(fd);
  const int err = errno;
  ::close(fd);
  if (rc != 0) throw ModelPackageError(path, std::string("cannot sync: ") + std::strerror(err));
}

fs::path normalised(const std::string& target) {
  fs::path p = fs::absolute(fs::path(target)).lexically_normal();
  if (p.filename().empty()) p = p.parent_path();  // "model/" -> "model"
  return p;
}

}  // namespace

AtomicDirectory::AtomicDirectory(std::string target) : target_(normalised(target).string()) {
  const fs::path t(target_);
  std::error_code ec;
  fs::create_directories(t.parent_path(), ec);
  if (ec) throw ModelPackageError(t.parent_path().string(), "cannot create: " + ec.message());
  removeStale(target_);
  temp_ = sibling(t, ".tmp-");
  fs::create_directory(temp_, ec);
  if (ec) throw ModelPackageError(temp_, "cannot create: " + ec.message());
}

int AtomicDirectory::removeStale(const std::string& target) {
  // Any package's leftovers in the folder, not only this name's: the GUI writes
  // a new run-N each time, so a killed run-3 is never written again.
  const fs::path t = normalised(target);
  const std::string legacy = "." + t.filename().string();
  int removed = 0;
  std::error_code ec;
  for (fs::directory_iterator it(t.parent_path(), ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.empty() || name[0] != '.') continue;
    for (const char* kind : {".tmp-", ".old-"}) {
      const size_t at = name.rfind(kind);
      if (at == std::string::npos || at == 0) continue;
      const std::string tail = name.substr(at + 5);
      const size_t dash = tail.find('-');
      const bool pidForm = dash != std::string::npos && dash > 0 &&
                           tail.find_first_not_of("0123456789-") == std::string::npos;
      // Old names (".NAME.tmp-123") carry no pid: only this target's are ours to judge.
      if (!pidForm && name.compare(0, at, legacy) != 0) continue;
      if (processAlive(tail)) continue;
      std::error_code rm;
      if (io::removeTree(it->path(), rm) > 0 && !rm) ++removed;
      break;
    }
  }
  return removed;
}

AtomicDirectory::~AtomicDirectory() {
  if (committed_) return;
  std::error_code ec;
  io::removeTree(temp_, ec);
}

std::string AtomicDirectory::file(const std::string& name) const {
  return (fs::path(temp_) / name).string();
}

void AtomicDirectory::commit() {
  for (const auto& entry : fs::directory_iterator(temp_))
    if (entry.is_regular_file()) syncPath(entry.path().string(), false);
  syncPath(temp_, true);

  const std::string parent = fs::path(target_).parent_path().string();
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(target_))) {
    if (std::rename(temp_.c_str(), target_.c_str()) != 0)
      throw ModelPackageError(target_, std::string("cannot create: ") + std::strerror(errno));
  } else if (::renameat2(AT_FDCWD, temp_.c_str(), AT_FDCWD, target_.c_str(), RENAME_EXCHANGE) ==
             0) {
    io::removeTree(temp_, ec);  // now holds the old directory
  } else {
    // No atomic exchange on this file system: move the old one aside first.
    const std::string old = sibling(fs::path(target_), ".old-");
    if (std::rename(target_.c_str(), old.c_str()) != 0)
      throw ModelPackageError(target_, std::string("cannot replace: ") + std::strerror(errno));
    if (std::rename(temp_.c_str(), target_.c_str()) != 0) {
      const int err = errno;
      std::rename(old.c_str(), target_.c_str());
      throw ModelPackageError(target_, std::string("cannot replace: ") + std::strerror(err));
    }
    io::removeTree(old, ec);
  }
  committed_ = true;
  syncPath(parent, true);
}

}  // namespace spanforge::train
