#pragma once

#include <filesystem>
#include <fstream>
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

// Writes content to path and returns it.
inline std::string write(const std::string& path, const std::string& content) {
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

// Writes content to the file name in dir and returns its path.
inline std::string write(const TempDir& dir, const std::string& name, const std::string& content) {
  return write(dir.file(name), content);
}

}  // namespace spanforge::testing
