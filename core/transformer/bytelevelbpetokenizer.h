#pragma once

#include "transformer/subwordtokenizer.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace spanforge::transformer {

// GPT-2's byte-level BPE, as RoBERTa uses it: the text is cut as
// byteLevelSplit does, each piece's UTF-8 bytes become printable characters
// (GPT-2's byte-to-unicode table, a space becoming "Ġ"), and the merges
// join them, lowest rank first. Every byte has a token, so nothing is
// unknown. Offsets are code points of the text as written, without a
// piece's leading space (Hugging Face's trim_offsets).
class ByteLevelBpeTokenizer : public SubwordTokenizer {
 public:
  struct Options {
    bool addPrefixSpace = false;  // a space before the text, so its first word reads as any other
  };

  // vocab.json ({"token": id, ...}) and merges.txt ("a b" per line, an
  // optional "#version" first). Throws std::runtime_error naming the file and,
  // for merges, the line.
  static ByteLevelBpeTokenizer fromFiles(const std::string& vocabJson, const std::string& mergesTxt,
                                         Options options);

  // The same from what a tokenizer.json holds: merges as "a b".
  ByteLevelBpeTokenizer(std::unordered_map<std::string, int32_t> vocabulary,
                        const std::vector<std::string>& merges, Options options);

  std::vector<Subword> encode(const std::string& utf8) const override;
  size_t vocabSize() const override { return ids_.size(); }
  int32_t id(const std::string& token) const override;
  std::string kind() const override { return "byte-level BPE"; }

 private:
  // The BPE symbols of one piece of mapped characters, each as [first, last) of them.
  std::vector<std::pair<size_t, size_t>> merge(const std::vector<std::string>& chars) const;

  Options options_;
  std::unordered_map<std::string, int32_t> ids_;
  std::unordered_map<std::string, int32_t> ranks_;  // "a b" -> rank
  std::string byteChar_[256];                       // byte -> its printable character, UTF-8
};

}  // namespace spanforge::transformer
