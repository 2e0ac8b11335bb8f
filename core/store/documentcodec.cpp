#include "store/documentcodec.h"

#include "store/storeerror.h"
#include "text/utf8.h"

#include <xxhash.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <limits>

namespace spanforge::store {
namespace {

std::string range(int64_t start, int64_t end) {
  return "[" + std::to_string(start) + ", " + std::to_string(end) + ")";
}

void putInt32(std::vector<uint8_t>& out, int64_t v) {
  const auto u = static_cast<uint32_t>(v);
  for (int shift = 0; shift < 32; shift += 8) out.push_back(static_cast<uint8_t>(u >> shift));
}

int64_t getInt32(const uint8_t* p) {
  const uint32_t u = static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 |
                     static_cast<uint32_t>(p[2]) << 16 | static_cast<uint32_t>(p[3]) << 24;
  return static_cast<int32_t>(u);
}

}  // namespace

std::string DocumentCodec::contentHash(std::string_view text) {
  XXH128_canonical_t c;
  XXH128_canonicalFromHash(&c, XXH3_128bits(text.data(), text.size()));
  static const char* kHex = "0123456789abcdef";
  std::string out;
  out.reserve(32);
  for (unsigned char b : c.digest) {
    out += kHex[b >> 4];
    out += kHex[b & 15];
  }
  return out;
}

std::vector<uint8_t> DocumentCodec::encodeTokens(const std::vector<text::Token>& tokens) {
  std::vector<uint8_t> out;
  out.reserve(tokens.size() * 8);
  for (const auto& t : tokens) {
    putInt32(out, t.start);
    putInt32(out, t.end);
  }
  return out;
}

std::vector<text::Token> DocumentCodec::decodeTokens(const std::vector<uint8_t>& blob,
                                                     std::string_view text, int64_t documentId) {
  std::vector<text::Token> tokens;
  if (blob.empty()) return tokens;
  const text::OffsetMap map(text);
  const auto bad = [&] {
    return StoreError("The stored tokens of document " + std::to_string(documentId) +
                      " do not fit its text; the project file may be damaged.");
  };
  if (blob.size() % 8 != 0) throw bad();
  tokens.reserve(blob.size() / 8);
  for (size_t i = 0; i < blob.size(); i += 8) {
    text::Token t;
    t.start = getInt32(&blob[i]);
    t.end = getInt32(&blob[i + 4]);
    if (t.start < 0 || t.end < t.start || t.end > map.codePoints()) throw bad();
    t.text = std::string(map.slice(text, t.start, t.end));
    tokens.push_back(std::move(t));
  }
  return tokens;
}

std::string DocumentCodec::snippet(std::string_view text, size_t maxCodePoints) {
  std::string out;
  size_t count = 0;
  for (const char c : text) {
    const bool lead = (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    if (lead && count++ == maxCodePoints) break;
    // Control characters (a NUL among them) would garble a message.
    out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? ' ' : c;
  }
  return out;
}

std::string DocumentCodec::describeNew(std::string_view text, const std::string& source) {
  std::string s = snippet(text, 40);
  if (s.size() < text.size()) s += "...";
  std::string out = "document \"" + s + "\"";
  if (!source.empty()) out += " from " + source;
  return out;
}

int64_t DocumentCodec::checkText(std::string_view text, const std::string& where) {
  if (text.empty()) throw StoreError("Cannot store an empty " + where + ".");
  const size_t bad = text::findInvalidUtf8(text);
  if (bad != std::string_view::npos) {
    throw StoreError("The text of " + where + " is not valid UTF-8 (byte " + std::to_string(bad) +
                     ").");
  }
  // A NUL is binary data, and it cuts the text short in C strings and widgets.
  if (const size_t nul = text.find('\0'); nul != std::string_view::npos) {
    throw StoreError("The text of " + where + " contains a NUL character (byte " +
                     std::to_string(nul) + "); is it binary data?");
  }
  const auto length = static_cast<int64_t>(text::codePointCount(text));
  if (length > std::numeric_limits<int32_t>::max()) {
    throw StoreError("The text of " + where + " is too long.");
  }
  return length;
}

std::string DocumentCodec::checkMeta(const std::string& metaJson, const std::string& where) {
  if (metaJson.empty()) return "{}";
  const auto meta = nlohmann::json::parse(metaJson, nullptr, false);
  if (meta.is_discarded() || !meta.is_object()) {
    throw StoreError("The metadata of " + where + " is not a JSON object.");
  }
  return metaJson;
}

void DocumentCodec::checkTokens(const std::vector<text::Token>& tokens, int64_t length,
                                const std::string& where) {
  int64_t previousEnd = 0;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const auto& t = tokens[i];
    if (t.start < previousEnd || t.end <= t.start || t.end > length) {
      throw StoreError("Token " + std::to_string(i) + " " + range(t.start, t.end) + " of " + where +
                       " is empty, out of order or outside the text (" + std::to_string(length) +
                       " characters).");
    }
    previousEnd = t.end;
  }
}

std::vector<text::Span> DocumentCodec::sortedSpans(std::vector<text::Span> spans, int64_t length,
                                                   const std::string& where) {
  std::sort(spans.begin(), spans.end());
  for (size_t i = 0; i < spans.size(); ++i) {
    const auto& s = spans[i];
    if (s.start < 0 || s.end <= s.start || s.end > length) {
      throw StoreError("Span " + range(s.start, s.end) + " \"" + s.label + "\" of " + where +
                       " lies outside the text (" + std::to_string(length) +
                       " characters) or is empty.");
    }
    if (i > 0 && spans[i - 1].end > s.start) {
      const auto& p = spans[i - 1];
      throw StoreError("Spans " + range(p.start, p.end) + " \"" + p.label + "\" and " +
                       range(s.start, s.end) + " \"" + s.label + "\" of " + where + " overlap.");
    }
  }
  return spans;
}

}  // namespace spanforge::store
