#pragma once

#include "transformer/sentencepiecenormalizer.h"
#include "transformer/subwordtokenizer.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace spanforge::transformer {

// SentencePiece's Unigram model, as XLM-RoBERTa uses it from a tokenizer.json:
// SentencePieceNormalizer, then each "▁"-led word cut into the pieces whose
// scores (log probabilities) sum highest (Viterbi). A character no piece
// covers is the unknown piece (scored 10 below the lowest piece), and a run
// of them is one. Offsets are code points of the text as written, without a
// word's "▁"; a piece that is only "▁" sits empty where its word starts.
class UnigramTokenizer : public SubwordTokenizer {
 public:
  struct Piece {
    std::string text;
    float score = 0.0f;  // SentencePiece keeps scores as float
  };
  // Ids are positions in `vocabulary`. `reserved` (special tokens such as
  // <s>) keep their ids but are never matched in text, as SentencePiece's
  // control symbols are not. Throws std::invalid_argument when unknownId is
  // outside the vocabulary.
  UnigramTokenizer(std::vector<Piece> vocabulary, int32_t unknownId,
                   const std::vector<std::string>& reserved, SentencePieceNormalizer normalizer);

  std::vector<Subword> encode(const std::string& utf8) const override;
  size_t vocabSize() const override { return pieces_.size(); }
  int32_t id(const std::string& token) const override;
  std::string kind() const override { return "Unigram"; }

 private:
  // The best pieces of one word (normalized bytes [begin, end)), each as
  // (end byte, id), in order.
  std::vector<std::pair<size_t, int32_t>> viterbi(std::string_view text, size_t begin,
                                                  size_t end) const;

  std::vector<Piece> pieces_;
  std::unordered_map<std::string, int32_t> ids_;  // what text may match
  std::unordered_map<std::string, int32_t> all_;  // every piece, for id()
  int32_t unknown_;
  float unknownScore_ = 0.0f;
  size_t longest_ = 1;  // bytes of the longest piece
  SentencePieceNormalizer normalizer_;
};

}  // namespace spanforge::transformer
