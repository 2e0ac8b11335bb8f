// The subword tokenizers of pretrained encoders (BERT's WordPiece, RoBERTa's
// byte-level BPE, XLM-R's SentencePiece Unigram), loaded once from the test
// vocabularies, on any valid UTF-8 text (Spanforge only hands them its own
// tokens). Subwords must be in order, inside the text, with ids in the
// vocabulary.
#include "text/utf8.h"
#include "transformer/tokenizerloader.h"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

using namespace spanforge;

namespace {

[[noreturn]] void broken(const std::string& kind, const char* what, size_t i) {
  std::fprintf(stderr, "fuzz invariant broken: %s subword %zu: %s\n", kind.c_str(), i, what);
  std::abort();
}

const std::vector<std::unique_ptr<transformer::SubwordTokenizer>>& tokenizers() {
  static const auto all = [] {
    std::vector<std::unique_ptr<transformer::SubwordTokenizer>> out;
    for (const char* folder : {"bert-base-cased", "roberta-base", "unigram-xlmr"})
      out.push_back(transformer::loadTokenizer(std::string(SPANFORGE_TOKENIZER_DATA) + folder));
    return out;
  }();
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (text::findInvalidUtf8(text) != std::string::npos) return 0;
  const auto length = static_cast<int64_t>(text::codePointCount(text));
  for (const auto& t : tokenizers()) {
    int64_t previous = 0;
    const auto subwords = t->encode(text);
    for (size_t i = 0; i < subwords.size(); ++i) {
      const transformer::Subword& s = subwords[i];
      if (s.start < previous || s.end < s.start || s.end > length)
        broken(t->kind(), "bad offsets", i);
      if (s.id < 0 || static_cast<size_t>(s.id) >= t->vocabSize()) broken(t->kind(), "bad id", i);
      previous = s.start;
    }
  }
  return 0;
}
