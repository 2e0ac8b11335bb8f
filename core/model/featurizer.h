#pragma once

#include "model/modelconfig.h"
#include "model/sentencefeatures.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace spanforge::model {

class KnownWords;
class TransformerInput;
class Vectors;

// Turns token strings into the ids the network embeds, spaCy-style: per token
// the hashed NORM (lower case), PREFIX, SUFFIX and SHAPE, its characters, and
// its row in the pretrained vectors if any.
//
// STABILITY: a trained model's weights are indexed by these ids, so the
// feature strings, the seeds, XXH3 (whose output is frozen since xxHash
// 0.8.0) and the arithmetic below must never change; the expected values in
// tests/model/test_featurizer.cpp guard this. Hashing works on UTF-8 bytes
// and little-endian code points, so ids are the same on every machine.
class Featurizer {
 public:
  enum Feature : int64_t { Norm = 0, Prefix = 1, Suffix = 2, Shape = 3 };
  static constexpr int64_t kFeatures = 4;
  // Char ids: 0 padding, 1..127 ASCII, then hashed buckets for the rest.
  static constexpr int64_t kCharBuckets = 1024;
  static constexpr int64_t kCharVocab = 128 + kCharBuckets;

  // `vectors` and `transformer` (either may be null) must outlive the
  // Featurizer. With a transformer, a sentence is featurised as its subwords.
  explicit Featurizer(const ModelConfig& config, const Vectors* vectors = nullptr,
                      const TransformerInput* transformer = nullptr);

  SentenceFeatures featurize(const std::vector<std::string>& tokens) const;

  // With a set, a word whose norm is not in it is featurized as
  // kUnknownWord (its prefix, suffix, shape and characters stay its own).
  void setKnownWords(std::shared_ptr<const KnownWords> known) { known_ = std::move(known); }
  const std::shared_ptr<const KnownWords>& knownWords() const { return known_; }
  // The NORM string of unknown words; no normalised token equals it.
  static constexpr const char* kUnknownWord = "\x01unknown";
  // Rows of kUnknownWord's NORM feature, one per seed.
  std::vector<int64_t> unknownWordIds() const;

  // The feature strings (public for tests and debugging).
  static std::string norm(std::string_view token);
  static std::string prefix(std::string_view token, int64_t length);
  static std::string suffix(std::string_view token, int64_t length);
  static std::string shape(std::string_view token);

  // The 64-bit hash of a feature string under seed number `seed`.
  static uint64_t hash(std::string_view s, Feature feature, int64_t seed);
  static int64_t charId(char32_t cp);

  int64_t hashRows() const { return hashRows_; }
  int64_t hashSeeds() const { return hashSeeds_; }
  int64_t maxTokenChars() const { return maxTokenChars_; }

 private:
  int64_t hashRows_;
  int64_t hashSeeds_;
  int64_t prefixLength_;
  int64_t suffixLength_;
  int64_t maxTokenChars_;
  const Vectors* vectors_;
  const TransformerInput* transformer_;
  std::shared_ptr<const KnownWords> known_;
};

}  // namespace spanforge::model
