#include "io/removetree.h"

#include <ftw.h>
#include <sys/stat.h>
#include <cerrno>
#include <cstdio>

namespace spanforge::io {
namespace {

// nftw's callback has no context argument: the walk in progress counts here.
thread_local std::uintmax_t removed = 0;
thread_local int failure = 0;

int removeEntry(const char* path, const struct stat*, int, struct FTW*) {
  if (std::remove(path) != 0) {  // unlink for files and links, rmdir for directories
    failure = errno;
    return 1;  // stops the walk
  }
  ++removed;
  return 0;
}

constexpr std::uintmax_t kFailed = static_cast<std::uintmax_t>(-1);

}  // namespace

std::uintmax_t removeTree(const std::filesystem::path& path, std::error_code& ec) {
  ec.clear();
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno == ENOENT || errno == ENOTDIR) return 0;
    ec.assign(errno, std::generic_category());
    return kFailed;
  }
  removed = 0;
  failure = 0;
  // Depth first, so a directory's entries go before it; FTW_PHYS: links are not followed.
  if (::nftw(path.c_str(), removeEntry, 16, FTW_DEPTH | FTW_PHYS) != 0) {
    ec.assign(failure != 0 ? failure : errno, std::generic_category());
    return kFailed;
  }
  return removed;
}

std::uintmax_t removeTree(const std::filesystem::path& path) {
  std::error_code ec;
  const std::uintmax_t n = removeTree(path, ec);
  if (ec) throw std::filesystem::filesystem_error("cannot remove", path, ec);
  return n;
}

}  // namespace spanforge::io
