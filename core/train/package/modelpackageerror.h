#pragma once

#include <stdexcept>
#include <string>

namespace spanforge::train {

// A model package that cannot be read or written: missing or corrupt file,
// incompatible format version, inconsistent contents. what() reads
// "PATH: MESSAGE" where PATH is the offending file (or the package directory).
class ModelPackageError : public std::runtime_error {
 public:
  ModelPackageError(std::string path, std::string message);

  const std::string& path() const { return path_; }
  const std::string& message() const { return message_; }

 private:
  std::string path_;
  std::string message_;
};

}  // namespace spanforge::train
