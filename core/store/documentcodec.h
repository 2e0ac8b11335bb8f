#pragma once

#include "text/span.h"
#include "text/token.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace spanforge::store {

// How documents are written to and read from their rows, and the checks a
// document must pass before it is stored. No database access.
class DocumentCodec {
 public:
  // Hex XXH3-128 of the UTF-8 text (32 characters, canonical byte order).
  static std::string contentHash(std::string_view text);

  // Little-endian int32 (start, end) pairs: 8 bytes a token.
  static std::vector<uint8_t> encodeTokens(const std::vector<text::Token>& tokens);
  // Rebuilds tokens, filling Token.text from the document text. Throws
  // StoreError for a blob that does not fit the text.
  static std::vector<text::Token> decodeTokens(const std::vector<uint8_t>& blob,
                                               std::string_view text, int64_t documentId);

  // The first maxCodePoints code points, line breaks and tabs as spaces.
  static std::string snippet(std::string_view text, size_t maxCodePoints);
  // How errors name a document not stored yet: its opening words and source.
  static std::string describeNew(std::string_view text, const std::string& source);

  // Text must be valid, non-empty UTF-8; metadata a JSON object ("" = {}).
  // Returns the code-point length of the text.
  static int64_t checkText(std::string_view text, const std::string& where);
  static std::string checkMeta(const std::string& metaJson, const std::string& where);
  // Tokens must lie inside the text, be non-empty and in order.
  static void checkTokens(const std::vector<text::Token>& tokens, int64_t length,
                          const std::string& where);
  // Returns the spans sorted; throws StoreError naming the offsets when one
  // lies outside the text or two overlap. Labels are checked by the caller.
  static std::vector<text::Span> sortedSpans(std::vector<text::Span> spans, int64_t length,
                                             const std::string& where);
};

}  // namespace spanforge::store
