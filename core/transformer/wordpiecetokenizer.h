#pragma once

#include "transformer/bertnormalizer.h"
#include "transformer/subwordtokenizer.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace spanforge::transformer {

// BERT's tokenizer: BertNormalizer, then words split at white space and
// around each punctuation character (Hugging Face's "BertPreTokenizer"), then
// WordPiece: the longest vocabulary entry from the start of a word, the rest
// as "##" continuations; a word that cannot be covered, or of more than 100
// characters, is one [UNK]. No special tokens are added.
class WordPieceTokenizer : public SubwordTokenizer {
 public:
  struct Options {
    BertNormalizer::Options normalizer;
    std::string unknown = "[UNK]";
    std::string prefix = "##";
    size_t maxWordChars = 100;
  };

  // vocab.txt: a token per line, its id the line number from 0. Throws
  // std::runtime_error naming the file (unreadable, empty, no unknown token)
  // or its line (a token listed twice).
  static WordPieceTokenizer fromVocabFile(const std::string& path, Options options);
  WordPieceTokenizer(std::vector<std::string> vocabulary, Options options);

  std::vector<Subword> encode(const std::string& utf8) const override;
  size_t vocabSize() const override { return tokens_.size(); }
  int32_t id(const std::string& token) const override;
  std::string kind() const override { return "WordPiece"; }
  const std::string& token(int32_t id) const { return tokens_.at(static_cast<size_t>(id)); }
  int32_t unknownId() const { return unknown_; }

 private:
  void encodeWord(const std::u32string& text, const std::vector<int64_t>& origin, size_t begin,
                  size_t end, std::vector<Subword>& out) const;

  Options options_;
  BertNormalizer normalizer_;
  std::vector<std::string> tokens_;
  std::unordered_map<std::string, int32_t> ids_;
  int32_t unknown_ = -1;
};

}  // namespace spanforge::transformer
