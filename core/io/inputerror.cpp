#include "io/inputerror.h"

namespace spanforge::io {
namespace {
std::string compose(const std::string& file, int64_t line, const std::string& field,
                    const std::string& message) {
  std::string s = file;
  if (line > 0) s += ":" + std::to_string(line);
  s += ": ";
  if (!field.empty()) s += field + ": ";
  return s + message;
}
}  // namespace

InputError::InputError(std::string file, int64_t line, std::string field, std::string message)
    : std::runtime_error(compose(file, line, field, message)),
      file_(std::move(file)),
      line_(line),
      field_(std::move(field)),
      message_(std::move(message)) {}

}  // namespace spanforge::io
