#include "model/featurizer.h"

#include "model/knownwords.h"
#include "model/transformerinput.h"
#include "model/vectors.h"
#include "text/charclass.h"
#include "text/utf8.h"

#include <utf8proc.h>
#include <xxhash.h>

#include <algorithm>
#include <stdexcept>

namespace spanforge::model {
namespace {

// Frozen constants (see the header): "SPANFORG" as a 64-bit number.
constexpr uint64_t kSeedBase = 0x5350414e464f5247ULL;
constexpr uint64_t kCharSeed = kSeedBase ^ 0xC4A2ULL;

std::string encodeRange(const std::u32string& cps, size_t from, size_t to) {
  std::string out;
  for (size_t i = from; i < to; ++i) text::appendUtf8(out, cps[i]);
  return out;
}

}  // namespace

Featurizer::Featurizer(const ModelConfig& config, const Vectors* vectors,
                       const TransformerInput* transformer)
    : hashRows_(config.hashRows),
      hashSeeds_(config.hashSeeds),
      prefixLength_(config.prefixLength),
      suffixLength_(config.suffixLength),
      maxTokenChars_(config.maxTokenChars),
      vectors_(vectors),
      transformer_(transformer) {
  if (hashRows_ < 1 || hashSeeds_ < 1 || prefixLength_ < 0 || suffixLength_ < 0 ||
      maxTokenChars_ < 1)
    throw std::invalid_argument("invalid feature settings in the model config");
}

std::string Featurizer::norm(std::string_view token) {
  std::string out;
  out.reserve(token.size());
  for (char32_t cp : text::decodeUtf8(token))
    text::appendUtf8(out, static_cast<char32_t>(utf8proc_tolower(static_cast<int32_t>(cp))));
  return out;
}

std::string Featurizer::prefix(std::string_view token, int64_t length) {
  const std::u32string cps = text::decodeUtf8(token);
  return encodeRange(cps, 0, std::min(cps.size(), static_cast<size_t>(length)));
}

std::string Featurizer::suffix(std::string_view token, int64_t length) {
  const std::u32string cps = text::decodeUtf8(token);
  return encodeRange(cps, cps.size() - std::min(cps.size(), static_cast<size_t>(length)),
                     cps.size());
}

// spaCy's word_shape: X upper, x other letters, d digits, anything else as
// itself; runs longer than 4 are cut to 4; 100+ characters read "LONG".
std::string Featurizer::shape(std::string_view token) {
  const std::u32string cps = text::decodeUtf8(token);
  if (cps.size() >= 100) return "LONG";
  std::string out;
  char32_t last = 0;
  int run = 0;
  for (char32_t cp : cps) {
    const text::CharClass c = text::classify(cp);
    char32_t s = cp;
    if (c == text::CharClass::Upper)
      s = U'X';
    else if (text::isLetter(c))
      s = U'x';
    else if (c == text::CharClass::Digit)
      s = U'd';
    run = s == last ? run + 1 : 0;
    last = s;
    if (run < 4) text::appendUtf8(out, s);
  }
  return out;
}

uint64_t Featurizer::hash(std::string_view s, Feature feature, int64_t seed) {
  const uint64_t salt = static_cast<uint64_t>(feature) * 0x100 + static_cast<uint64_t>(seed);
  return XXH3_64bits_withSeed(s.data(), s.size(), kSeedBase + salt);
}

int64_t Featurizer::charId(char32_t cp) {
  if (cp > 0 && cp < 128) return static_cast<int64_t>(cp);
  // Little-endian bytes whatever the machine, so the bucket never changes.
  const unsigned char b[4] = {
      static_cast<unsigned char>(cp & 0xff), static_cast<unsigned char>((cp >> 8) & 0xff),
      static_cast<unsigned char>((cp >> 16) & 0xff), static_cast<unsigned char>((cp >> 24) & 0xff)};
  return 128 + static_cast<int64_t>(XXH3_64bits_withSeed(b, 4, kCharSeed) %
                                    static_cast<uint64_t>(kCharBuckets));
}

std::vector<int64_t> Featurizer::unknownWordIds() const {
  std::vector<int64_t> ids;
  for (int64_t s = 0; s < hashSeeds_; ++s)
    ids.push_back(
        static_cast<int64_t>(hash(kUnknownWord, Norm, s) % static_cast<uint64_t>(hashRows_)));
  return ids;
}

SentenceFeatures Featurizer::featurize(const std::vector<std::string>& tokens) const {
  SentenceFeatures f;
  f.length = static_cast<int64_t>(tokens.size());
  if (transformer_ != nullptr) {  // the encoder reads subwords alone
    f.charWidth = 1;
    f.subwords = transformer_->subwords(tokens);
    return f;
  }
  std::vector<std::u32string> cps;
  cps.reserve(tokens.size());
  size_t width = 1;
  for (const auto& t : tokens) {
    cps.push_back(text::decodeUtf8(t));
    width = std::max(width, std::min(cps.back().size(), static_cast<size_t>(maxTokenChars_)));
  }
  f.charWidth = static_cast<int64_t>(width);
  f.hashIds.reserve(tokens.size() * static_cast<size_t>(kFeatures * hashSeeds_));
  f.charIds.assign(tokens.size() * width, 0);
  const auto rows = static_cast<uint64_t>(hashRows_);
  for (size_t i = 0; i < tokens.size(); ++i) {
    const std::string& t = tokens[i];
    const std::u32string& c = cps[i];
    std::string word = norm(t);
    if (known_ && !known_->contains(word)) word = kUnknownWord;
    const std::string strings[kFeatures] = {
        std::move(word), encodeRange(c, 0, std::min(c.size(), static_cast<size_t>(prefixLength_))),
        encodeRange(c, c.size() - std::min(c.size(), static_cast<size_t>(suffixLength_)), c.size()),
        shape(t)};
    for (int64_t feat = 0; feat < kFeatures; ++feat) {
      for (int64_t s = 0; s < hashSeeds_; ++s)
        f.hashIds.push_back(
            static_cast<int64_t>(hash(strings[feat], static_cast<Feature>(feat), s) % rows));
    }
    // Long tokens keep their head and tail: both carry most of the signal.
    int64_t* out = f.charIds.data() + i * width;
    if (c.size() <= width) {
      for (size_t k = 0; k < c.size(); ++k) out[k] = charId(c[k]);
    } else {
      const size_t head = (width + 1) / 2;
      const size_t tail = width - head;
      for (size_t k = 0; k < head; ++k) out[k] = charId(c[k]);
      for (size_t k = 0; k < tail; ++k) out[head + k] = charId(c[c.size() - tail + k]);
    }
  }
  if (vectors_ != nullptr) {
    f.vectorIds.reserve(tokens.size());
    for (const auto& t : tokens) f.vectorIds.push_back(vectors_->find(t) + 1);
  }
  return f;
}

}  // namespace spanforge::model
