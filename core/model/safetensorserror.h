#pragma once

#include <stdexcept>
#include <string>

namespace spanforge::model {

// A safetensors file that cannot be read or written, or does not match the
// model: what() reads "PATH: MESSAGE", the message naming the tensor or
// header field at fault.
class SafetensorsError : public std::runtime_error {
 public:
  SafetensorsError(std::string path, std::string message);

  const std::string& path() const { return path_; }
  const std::string& message() const { return message_; }

 private:
  std::string path_;
  std::string message_;
};

}  // namespace spanforge::model
