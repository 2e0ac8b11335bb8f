#include "serve/servelimits.h"

#include "text/utf8.h"

namespace spanforge::serve {

std::optional<ServeResponse> ServeLimits::tooMany(size_t count, int64_t max,
                                                  const std::string& noun,
                                                  const std::string& field) const {
  if (static_cast<int64_t>(count) <= max) return std::nullopt;
  return ServeResponse::error(413,
                              "at most " + std::to_string(max) + " " + noun + " per request (got " +
                                  std::to_string(count) + ")",
                              field);
}

std::optional<ServeResponse> ServeLimits::tooLong(const std::string& text,
                                                  const std::string& field) const {
  if (static_cast<int64_t>(text::codePointCount(text)) <= maxDocumentChars) return std::nullopt;
  return ServeResponse::error(
      413, "at most " + std::to_string(maxDocumentChars) + " characters per text", field);
}

std::optional<ServeResponse> ServeLimits::tooManyTokens(int64_t total,
                                                        const std::string& field) const {
  if (total <= maxTokens) return std::nullopt;
  return ServeResponse::error(
      413, "at most " + std::to_string(maxTokens) + " tokens per request (passed here)", field);
}

}  // namespace spanforge::serve
