#pragma once

#include <cstdint>
#include <string>

namespace spanforge::transformer {

// Limits on a model folder's files, which come from other people: the
// largest real ones are well inside them (XLM-R's tokenizer.json is 17 MB
// with 250,002 pieces; BERT's vocab.txt 0.2 MB).
struct ModelFileLimits {
  static constexpr int64_t kMaxConfigBytes = 1 << 20;      // config.json, tokenizer_config.json
  static constexpr int64_t kMaxTokenizerBytes = 64 << 20;  // tokenizer.json, vocab.*, merges.txt
  static constexpr int64_t kMaxVocabulary = 1'000'000;     // tokens, pieces or merges
};

// A model folder's file read whole, if it is a regular file (io::RegularFile:
// a device such as /dev/zero, a FIFO or a folder is refused before a byte is
// read, without blocking) of at most `maxBytes`. Throws ModelFolderError
// naming the file.
std::string readModelFile(const std::string& path, int64_t maxBytes);

}  // namespace spanforge::transformer
