#include "train/package/vectorsfile.h"

#include "model/vectors.h"
#include "train/package/modelpackageerror.h"

#include <cstdint>
#include <cstring>
#include <fstream>

namespace spanforge::train {
namespace {

constexpr char kMagic[8] = {'S', 'F', 'V', 'E', 'C', '1', '\n', '\0'};
constexpr int64_t kMaxWordBytes = 1 << 20;

static_assert(sizeof(float) == 4, "float32 expected");

// Packages are little-endian; so is every machine libtorch runs on here.
template <class T>
void put(std::ofstream& out, T value) {
  out.write(reinterpret_cast<const char*>(&value), sizeof value);
}

template <class T>
bool get(std::ifstream& in, T& value) {
  return static_cast<bool>(in.read(reinterpret_cast<char*>(&value), sizeof value));
}

}  // namespace

void VectorsFile::write(const std::string& path, const model::Vectors& vectors) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(kMagic, sizeof kMagic);
  put<int64_t>(out, vectors.size());
  put<int64_t>(out, vectors.dim());
  for (const auto& w : vectors.words()) {
    put<uint32_t>(out, static_cast<uint32_t>(w.size()));
    out.write(w.data(), static_cast<std::streamsize>(w.size()));
  }
  out.write(reinterpret_cast<const char*>(vectors.data().data()),
            static_cast<std::streamsize>(vectors.data().size() * sizeof(float)));
  if (!out.flush()) throw ModelPackageError(path, "cannot write the vectors");
}

model::Vectors VectorsFile::read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ModelPackageError(path, "missing or unreadable");
  char magic[sizeof kMagic];
  if (!in.read(magic, sizeof magic) || std::memcmp(magic, kMagic, sizeof kMagic) != 0)
    throw ModelPackageError(path, "not a Spanforge vectors file");
  int64_t rows = 0, dim = 0;
  if (!get(in, rows) || !get(in, dim) || rows < 0 || dim < 1 || rows > (int64_t{1} << 32) ||
      dim > 65536)
    throw ModelPackageError(path, "bad header (rows, dimension)");
  std::vector<std::string> words;
  words.reserve(static_cast<size_t>(rows));
  for (int64_t i = 0; i < rows; ++i) {
    uint32_t n = 0;
    if (!get(in, n) || n > kMaxWordBytes)
      throw ModelPackageError(path, "truncated or corrupt word list at row " + std::to_string(i));
    std::string w(n, '\0');
    if (!in.read(w.data(), n))
      throw ModelPackageError(path, "truncated word list at row " + std::to_string(i));
    words.push_back(std::move(w));
  }
  std::vector<float> data(static_cast<size_t>(rows * dim));
  if (!in.read(reinterpret_cast<char*>(data.data()),
               static_cast<std::streamsize>(data.size() * sizeof(float))))
    throw ModelPackageError(path, "truncated vector table");
  if (in.peek() != std::char_traits<char>::eof())
    throw ModelPackageError(path, "unexpected data after the vector table");
  return model::Vectors(std::move(words), std::move(data), dim);
}

}  // namespace spanforge::train
