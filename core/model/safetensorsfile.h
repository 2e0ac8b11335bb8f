#pragma once

#include "model/mappedfile.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace spanforge::model {

// One tensor as a safetensors header describes it.
struct SafetensorsTensor {
  std::string name;
  std::string dtype;  // "F32", "BF16", "I64", ...
  std::vector<int64_t> shape;
  uint64_t begin = 0;  // byte range in the data buffer (after the header)
  uint64_t end = 0;
  int64_t elements() const;
};

// A tensor to write: `data` holds its elements, little-endian, in row-major order.
struct SafetensorsBlob {
  std::string name;
  std::string dtype;
  std::vector<int64_t> shape;
  const void* data = nullptr;
};

// The safetensors format (Hugging Face): an 8-byte little-endian header
// length N, N bytes of JSON ({"NAME": {"dtype", "shape", "data_offsets":
// [begin, end]}, ..., optional "__metadata__": {string: string}}), then the
// tensors' bytes. It holds data only: reading it can run nothing, unlike
// pickle or TorchScript archives.
//
// Opening maps the file (MappedFile) and checks the whole header before any
// tensor is touched: a regular file, a bounded header of valid JSON, a known
// dtype, non-negative dimensions, a byte range matching dtype x shape without
// overflow, ranges inside the file that neither overlap nor leave holes
// (they tile the buffer, as the format requires), no duplicate names. Every
// refusal is a SafetensorsError naming the file and the tensor or field.
class SafetensorsFile {
 public:
  // Larger headers are refused before parsing (the JSON of the largest
  // Hugging Face checkpoints is well under 1 MB).
  static constexpr uint64_t kMaxHeaderBytes = 16u << 20;

  explicit SafetensorsFile(const std::string& path);

  // Bytes per element of a dtype the format names; 0 for an unknown one.
  static size_t dtypeSize(const std::string& dtype);

  const std::string& path() const { return file_.path(); }
  // Sorted by name.
  const std::vector<SafetensorsTensor>& tensors() const { return tensors_; }
  // nullptr when absent.
  const SafetensorsTensor* find(const std::string& name) const;
  const std::map<std::string, std::string>& metadata() const { return metadata_; }
  // The tensor's first byte in the mapping (valid while this object lives);
  // nullptr for a tensor of no elements.
  const uint8_t* data(const SafetensorsTensor& tensor) const;

  // The file's bytes before the tensors: length, JSON header padded with
  // spaces to a multiple of 8 (so every tensor stays aligned), laid out as
  // Hugging Face's serializer does (metadata first, tensors ordered by
  // dtype then name, compact JSON). `order` receives the blobs' indices in
  // the order their bytes follow. Throws SafetensorsError naming `path`.
  static std::string header(const std::string& path, const std::vector<SafetensorsBlob>& tensors,
                            const std::map<std::string, std::string>& metadata,
                            std::vector<size_t>& order);
  // Writes a whole file (replacing it). Throws SafetensorsError naming
  // `path`, "cannot write" when the disk is full or the file too large.
  static void write(const std::string& path, const std::vector<SafetensorsBlob>& tensors,
                    const std::map<std::string, std::string>& metadata = {});

 private:
  MappedFile file_;
  const uint8_t* buffer_ = nullptr;
  uint64_t bufferSize_ = 0;
  std::vector<SafetensorsTensor> tensors_;
  std::map<std::string, std::string> metadata_;
};

}  // namespace spanforge::model
