#include "io/outputtarget.h"

#include "io/inputerror.h"

#include <sys/stat.h>

#include <filesystem>
#include <system_error>

namespace spanforge::io {
namespace {

namespace fs = std::filesystem;

bool statOf(const std::string& path, struct stat& st) {
  return !path.empty() && ::stat(path.c_str(), &st) == 0;
}

bool same(const struct stat& a, const struct stat& b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// The absolute path with every symbolic link of its existing part resolved.
fs::path resolved(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec) p = fs::absolute(path, ec).lexically_normal();
  return p;
}

}  // namespace

OutputTarget::OutputTarget(std::string path, std::string option)
    : path_(std::move(path)), option_(std::move(option)) {}

void OutputTarget::refuse(const std::string& message) const {
  throw InputError(path_, 0, "", option_ + " " + message + "; nothing was written");
}

const OutputTarget& OutputTarget::notFile(const std::string& input, const std::string& what) const {
  if (sameFile(path_, input)) refuse("is the same file as " + what + " " + input);
  return *this;
}

const OutputTarget& OutputTarget::notProject(const std::string& project) const {
  notFile(project, "the project");
  // SQLite's companions need not exist yet; a file written under their name
  // would be taken for the project's journal when it is next opened.
  const fs::path out = resolved(path_);
  const fs::path proj = resolved(project);
  for (const char* suffix : {"-wal", "-shm", "-journal"}) {
    const std::string side = project + suffix;
    if (sameFile(path_, side) || out == fs::path(proj.string() + suffix))
      refuse("is " + side + ", part of the project " + project);
  }
  return *this;
}

const OutputTarget& OutputTarget::notInFolder(const std::string& folder,
                                              const std::string& what) const {
  if (sameFile(path_, folder)) refuse("is " + what + " " + folder);
  struct stat out {};
  if (!statOf(path_, out)) return *this;  // a new file is in no one's way
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    struct stat st {};
    if (statOf(it->path().string(), st) && same(st, out))
      refuse("is " + it->path().string() + ", part of " + what + " " + folder);
  }
  return *this;
}

const OutputTarget& OutputTarget::notHolding(const std::string& input,
                                             const std::string& what) const {
  if (sameFile(path_, input)) refuse("is " + what + " " + input);
  if (isWithin(input, path_))
    refuse("folder is replaced as a whole, and it holds " + what + " " + input);
  return *this;
}

const OutputTarget& OutputTarget::notWithin(const std::string& folder,
                                            const std::string& what) const {
  if (resolved(path_) == resolved(folder) || isWithin(path_, folder))
    refuse("lies in " + what + " " + folder + ", which is replaced as a whole");
  return *this;
}

bool OutputTarget::sameFile(const std::string& a, const std::string& b) {
  struct stat sa {
  }, sb{};
  return statOf(a, sa) && statOf(b, sb) && same(sa, sb);
}

bool OutputTarget::isWithin(const std::string& path, const std::string& folder) {
  struct stat dir {};
  if (!statOf(folder, dir) || !S_ISDIR(dir.st_mode)) return false;
  // Walk up from the resolved path; a folder reached by another name (a bind
  // mount, a symbolic link) is still the same inode.
  for (fs::path p = resolved(path); !p.empty(); p = p.parent_path()) {
    struct stat st {};
    if (statOf(p.string(), st) && same(st, dir)) return true;
    if (p == p.root_path()) break;
  }
  return false;
}

}  // namespace spanforge::io
