#include "serve/servelimits.h"

#include "text/utf8.h"

namespace spanforge::serve {

std::optional<ServeResponse> ServeLimits::tooMany(size_t count, const std::string& noun,
                                                  const std::string& field) const {
  if (static_cast<int64_t>(count) <= maxDocuments) return std::nullopt;
  return ServeResponse::error(413,
                              "at most " + std::to_string(maxDocuments) + " " + noun +
                                  " per request (got " + std::to_string(count) + ")",
                              field);
}

std::optional<ServeResponse> ServeLimits::tooLong(const std::string& text,
                                                  const std::string& field) const {
  if (static_cast<int64_t>(text::codePointCount(text)) <= maxDocumentChars) return std::nullopt;
  return ServeResponse::error(
      413, "at most " + std::to_string(maxDocumentChars) + " characters per text", field);
}

}  // namespace spanforge::serve
