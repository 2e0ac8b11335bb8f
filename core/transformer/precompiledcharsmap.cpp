#include "transformer/precompiledcharsmap.h"
#include "transformer/modelfoldererror.h"

#include <stdexcept>

namespace spanforge::transformer {
namespace {

// darts-clone's unit layout.
bool hasLeaf(uint32_t unit) { return ((unit >> 8) & 1) != 0; }
uint32_t value(uint32_t unit) { return unit & ((1u << 31) - 1); }
uint32_t label(uint32_t unit) { return unit & ((1u << 31) | 0xFF); }
uint32_t offset(uint32_t unit) { return (unit >> 10) << ((unit & (1u << 9)) >> 6); }

int base64Value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

}  // namespace

PrecompiledCharsmap::PrecompiledCharsmap(std::string_view blob) {
  if (blob.size() < 4) throw ModelFolderError("the precompiled charsmap is shorter than 4 bytes");
  const auto* b = reinterpret_cast<const unsigned char*>(blob.data());
  const uint32_t trieBytes = b[0] | (b[1] << 8) | (b[2] << 16) | (uint32_t{b[3]} << 24);
  if (trieBytes % 4 != 0 || trieBytes == 0 || trieBytes > blob.size() - 4)
    throw ModelFolderError("the precompiled charsmap's trie size (" + std::to_string(trieBytes) +
                           " bytes) does not fit its " + std::to_string(blob.size()) + " bytes");
  units_.resize(trieBytes / 4);
  for (size_t i = 0; i < units_.size(); ++i) {
    const unsigned char* u = b + 4 + 4 * i;
    units_[i] = u[0] | (u[1] << 8) | (u[2] << 16) | (uint32_t{u[3]} << 24);
  }
  replacements_ = std::string(blob.substr(4 + trieBytes));
}

std::optional<PrecompiledCharsmap::Rule> PrecompiledCharsmap::longest(std::string_view text) const {
  std::optional<Rule> best;
  size_t pos = offset(units_[0]);
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    pos ^= c;
    if (pos >= units_.size()) break;
    const uint32_t unit = units_[pos];
    if (label(unit) != c) break;
    pos ^= offset(unit);
    if (pos >= units_.size()) break;
    if (!hasLeaf(unit)) continue;
    const size_t at = value(units_[pos]);
    if (at >= replacements_.size()) continue;  // a rule pointing past the table: ignored
    const size_t end = replacements_.find('\0', at);
    best =
        Rule{i + 1, std::string_view(replacements_)
                        .substr(at, (end == std::string::npos ? replacements_.size() : end) - at)};
  }
  return best;
}

std::optional<std::string> decodeBase64(std::string_view text) {
  while (!text.empty() && text.back() == '=') text.remove_suffix(1);
  if (text.size() % 4 == 1) return std::nullopt;
  std::string out;
  out.reserve(text.size() * 3 / 4);
  uint32_t bits = 0;
  int count = 0;
  for (char c : text) {
    const int v = base64Value(c);
    if (v < 0) return std::nullopt;
    bits = (bits << 6) | static_cast<uint32_t>(v);
    count += 6;
    if (count >= 8) {
      count -= 8;
      out.push_back(static_cast<char>((bits >> count) & 0xFF));
    }
  }
  return out;
}

}  // namespace spanforge::transformer
