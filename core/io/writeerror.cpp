#include "io/writeerror.h"

namespace spanforge::io {
namespace {
std::string composeWriteError(int64_t document, const std::string& source, const std::string& field,
                              const std::string& message) {
  std::string s = "document " + std::to_string(document);
  if (!source.empty()) s += " (" + source + ")";
  s += ": ";
  if (!field.empty()) s += field + ": ";
  return s + message;
}
}  // namespace

WriteError::WriteError(int64_t document, std::string source, std::string field, std::string message)
    : std::runtime_error(composeWriteError(document, source, field, message)),
      document_(document),
      source_(std::move(source)),
      field_(std::move(field)),
      message_(std::move(message)) {}

}  // namespace spanforge::io
