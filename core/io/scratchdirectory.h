#pragma once

#include <filesystem>
#include <string>

namespace spanforge::io {

// A new directory of its own under the system temp dir, removed with all it
// holds when the object goes, however the work using it ends.
class ScratchDirectory {
 public:
  // prefix: the start of the directory's name ("spanforge-al-"). Throws
  // std::runtime_error when no directory can be created.
  explicit ScratchDirectory(const std::string& prefix);
  ~ScratchDirectory();
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace spanforge::io
