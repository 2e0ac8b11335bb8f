#pragma once

#include <filesystem>
#include <random>
#include <string>
#include "io/removetree.h"

namespace spanforge::testing {

// A fresh directory under the system temp dir, removed with everything in it
// when the object goes out of scope. Each test gets its own project file.
class TempDir {
 public:
  TempDir() {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() /
            ("spanforge-test-" + std::to_string(rd()) + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    spanforge::io::removeTree(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace spanforge::testing
