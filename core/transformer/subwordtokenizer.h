#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::transformer {

// One subword: its vocabulary id and the code points [start, end) of the
// text as written that it covers (a subword of an accented or lower-cased
// word covers the characters it came from).
struct Subword {
  int32_t id = 0;
  int64_t start = 0;
  int64_t end = 0;
  friend bool operator==(const Subword& a, const Subword& b) {
    return a.id == b.id && a.start == b.start && a.end == b.end;
  }
};

// The ids an encoder's input is framed with; -1 where the vocabulary has none.
struct SpecialTokens {
  int32_t cls = -1;  // first ([CLS], <s>)
  int32_t sep = -1;  // last ([SEP], </s>)
  int32_t pad = -1;
  int32_t unk = -1;
  int32_t mask = -1;
};

// What an encoder's tokenizer does for Spanforge: text in, subwords with
// offsets out, no special tokens added (the encoder frames each window).
class SubwordTokenizer {
 public:
  virtual ~SubwordTokenizer() = default;
  virtual std::vector<Subword> encode(const std::string& utf8) const = 0;
  virtual size_t vocabSize() const = 0;
  virtual int32_t id(const std::string& token) const = 0;  // -1 when absent
  // "WordPiece" or "byte-level BPE", for what the Setup page shows.
  virtual std::string kind() const = 0;
  const SpecialTokens& special() const { return special_; }
  // Resolves the special tokens by name; a name the vocabulary lacks stays -1.
  void setSpecial(const std::string& cls, const std::string& sep, const std::string& pad,
                  const std::string& unk, const std::string& mask);

 private:
  SpecialTokens special_;
};

}  // namespace spanforge::transformer
