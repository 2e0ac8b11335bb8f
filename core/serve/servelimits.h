#pragma once

#include "serve/serveresponse.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace spanforge::serve {

// What one request may ask of the server, how long a client may take, and
// how much the server holds at once. Every count here is checked before the
// work or the memory it bounds is spent.
struct ServeLimits {
  size_t maxBodyBytes = 4 * 1024 * 1024;  // larger bodies (chunked too) get 413
  int64_t maxDocuments = 1000;            // texts or records per request; more get 413
  int64_t maxDocumentChars = 100000;      // code points per text; longer gets 413
  // Tokens per request, pre-tokenised ones too, and Label Studio tasks: a
  // request stays within seconds on one CPU thread (the default model
  // predicts about 4,000-14,000 tokens/s; 200 tasks of 26 words took 1.5 s).
  int64_t maxTokens = 20000;
  int64_t maxTasks = 200;
  // From a connection's first byte (or its previous answer) to the last byte
  // of the request; a client still sending then is dropped. Also the idle
  // time after which a kept-alive connection is closed.
  int readTimeoutSeconds = 30;
  int writeTimeoutSeconds = 30;  // to send an answer; a client not reading is dropped
  int threads = 4;               // requests predicted at once (the worker pool)
  int maxQueued = 64;            // complete requests waiting for a worker; more get 503
  // Open connections (slow ones included), in all and from one client
  // address. Past either, the connections waiting longest for a request are
  // closed to make room, so a crowd of idle ones cannot keep /health out.
  int maxConnections = 1000;
  int maxConnectionsPerClient = 256;
  // Request bodies held at once over all connections; past it, 503.
  size_t maxBufferedBytes = 256 * 1024 * 1024;

  // The 413 answer for `count` `noun` ("texts", "tasks") past `max`, or for
  // a text past maxDocumentChars; nullopt within the limits.
  std::optional<ServeResponse> tooMany(size_t count, int64_t max, const std::string& noun,
                                       const std::string& field) const;
  std::optional<ServeResponse> tooLong(const std::string& text, const std::string& field) const;
  // The 413 answer when `total` tokens (the request's so far, counted up to
  // the record at `field`) pass maxTokens.
  std::optional<ServeResponse> tooManyTokens(int64_t total, const std::string& field) const;
};

}  // namespace spanforge::serve
