#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace spanforge::model {

// Pretrained word vectors: a word list and a row-major float table.
class Vectors {
 public:
  Vectors() = default;
  // Throws std::invalid_argument when data.size() != words.size() * dim.
  Vectors(std::vector<std::string> words, std::vector<float> data, int64_t dim);

  // Reads GloVe, word2vec text or fastText .vec files: one "word v1 ... vD"
  // per line, with or without a leading "COUNT DIM" header line, plain or
  // gzip-compressed (detected from the content). Words may contain spaces
  // (the last DIM fields are the values). A repeated word keeps its first
  // row. maxRows > 0 stops after that many rows (files list frequent words
  // first). Throws io::InputError naming the file and line for a malformed
  // row or an inconsistent dimension, and for a file that cannot be read,
  // holds no vectors or has a line over 1 MiB. Bounded before anything
  // grows: only a regular file is read (a device, FIFO or directory is
  // refused at once), a NUL byte ends it, a header must fit the file's size
  // and the limits below, and a gzip file may not expand to more than 16
  // times its size (or 64 MiB).
  static Vectors load(const std::string& path, int64_t maxRows = 0);

  // Limits for any vectors read from a file (text or a package's vectors.bin):
  // real ones are at most a few million rows of up to a few thousand values.
  static constexpr int64_t kMaxDim = 65536;
  static constexpr int64_t kMaxValues = int64_t{1} << 30;  // rows x dim: 4 GiB of floats

  // Writes word2vec text with a header; gzip-compressed if path ends in ".gz".
  void save(const std::string& path) const;

  int64_t size() const { return static_cast<int64_t>(words_.size()); }
  int64_t dim() const { return dim_; }
  bool empty() const { return words_.empty(); }
  const std::vector<std::string>& words() const { return words_; }
  const std::vector<float>& data() const { return data_; }
  const float* row(int64_t i) const { return data_.data() + i * dim_; }

  // Row of the word, else of its lower-case form (GloVe is lower-cased),
  // else -1.
  int64_t find(std::string_view word) const;

 private:
  std::vector<std::string> words_;
  std::vector<float> data_;
  int64_t dim_ = 0;
  std::unordered_map<std::string, int64_t> index_;
};

}  // namespace spanforge::model
