#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace spanforge::model {

class Vectors;

// How much of a text's vocabulary a vectors file covers, looked up as the
// model looks words up (Vectors::find: as written, else lower-cased). Feed it
// tokens with add(), then measure() against a vectors table.
class VectorsCoverage {
 public:
  struct Result {
    int64_t tokens = 0, coveredTokens = 0;  // running words
    int64_t words = 0, coveredWords = 0;    // distinct words
    // The most frequent words without a vector, most frequent first.
    std::vector<std::pair<std::string, int64_t>> missing;

    double tokenShare() const { return tokens ? double(coveredTokens) / double(tokens) : 0.0; }
    double wordShare() const { return words ? double(coveredWords) / double(words) : 0.0; }
  };

  void add(std::string_view token);
  Result measure(const Vectors& vectors, size_t maxMissing = 10) const;

 private:
  std::unordered_map<std::string, int64_t> counts_;
};

}  // namespace spanforge::model
