#pragma once

#include "serve/serveresponse.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace spanforge::serve {

// What one request may ask of the server, and how long it may take to send.
struct ServeLimits {
  size_t maxBodyBytes = 4 * 1024 * 1024;  // larger bodies get 413
  int64_t maxDocuments = 1000;            // texts, records or tasks per request; more get 413
  int64_t maxDocumentChars = 100000;      // code points per text; longer gets 413
  int readTimeoutSeconds = 30;            // a client that stops sending is dropped
  int writeTimeoutSeconds = 30;
  int threads = 4;  // requests served at once (the worker pool)

  // The 413 answer for `count` `noun` ("texts", "tasks") past maxDocuments,
  // or for a text past maxDocumentChars; nullopt within the limits.
  std::optional<ServeResponse> tooMany(size_t count, const std::string& noun,
                                       const std::string& field) const;
  std::optional<ServeResponse> tooLong(const std::string& text, const std::string& field) const;
};

}  // namespace spanforge::serve
