#pragma once

#include <string>

namespace spanforge::model {
class Vectors;
}

namespace spanforge::train {

// The compact binary form of pretrained vectors inside a model package:
//   "SFVEC1\n\0" | int64 rows | int64 dim | rows x (uint32 bytes, UTF-8 word)
//   | rows * dim float32
// all little-endian. Exact (no text round trip) and fast to load.
class VectorsFile {
 public:
  // Throws ModelPackageError naming the file when it cannot be written.
  static void write(const std::string& path, const model::Vectors& vectors);
  // Throws ModelPackageError naming the file when it is missing, not a
  // regular file, truncated or malformed. The header's rows x dim must fit
  // the file's size (and model::Vectors' limits) before anything is
  // allocated, and the table must take exactly the bytes after the words.
  static model::Vectors read(const std::string& path);
};

}  // namespace spanforge::train
