#pragma once

#include <cstddef>
#include <cstdint>

namespace spanforge::serve {

// What one request may ask of the server, and how long it may take to send.
struct ServeLimits {
  size_t maxBodyBytes = 4 * 1024 * 1024;  // larger bodies get 413
  int64_t maxDocuments = 1000;            // texts, records or tasks per request; more get 413
  int64_t maxDocumentChars = 100000;      // code points per text; longer gets 413
  int readTimeoutSeconds = 30;            // a client that stops sending is dropped
  int writeTimeoutSeconds = 30;
  int threads = 4;  // requests served at once (the worker pool)
};

}  // namespace spanforge::serve
