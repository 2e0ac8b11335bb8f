#include "train/package/vectorsfile.h"

#include "io/inputerror.h"
#include "io/regularfile.h"
#include "model/vectors.h"
#include "train/package/modelpackageerror.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>

namespace spanforge::train {
namespace {

constexpr char kMagic[8] = {'S', 'F', 'V', 'E', 'C', '1', '\n', '\0'};
constexpr int64_t kMaxWordBytes = 1 << 20;
// Real vocabularies average about 8 bytes a word (long URLs included).
constexpr int64_t kMaxMeanWordBytes = 256;

static_assert(sizeof(float) == 4, "float32 expected");

// Packages are little-endian; so is every machine libtorch runs on here.
template <class T>
void put(std::ofstream& out, T value) {
  out.write(reinterpret_cast<const char*>(&value), sizeof value);
}

template <class T>
bool readValue(std::FILE* in, T& value) {
  return std::fread(&value, sizeof value, 1, in) == 1;
}

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

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
  // A regular file only (not a FIFO or /dev/zero), its size known before
  // anything is allocated: the header's rows x dim must fit in it.
  std::unique_ptr<io::RegularFile> file;
  try {
    file = std::make_unique<io::RegularFile>(path);
  } catch (const io::InputError& e) {
    throw ModelPackageError(path, e.message());
  }
  const int64_t size = file->size();
  std::unique_ptr<std::FILE, FileCloser> in(fdopen(file->fd(), "rb"));
  if (!in) throw ModelPackageError(path, "missing or unreadable");
  file->release();
  char magic[sizeof kMagic];
  if (std::fread(magic, 1, sizeof magic, in.get()) != sizeof magic ||
      std::memcmp(magic, kMagic, sizeof kMagic) != 0)
    throw ModelPackageError(path, "not a Spanforge vectors file");
  int64_t rows = 0, dim = 0;
  if (!readValue(in.get(), rows) || !readValue(in.get(), dim) || rows < 0 || dim < 1 ||
      dim > model::Vectors::kMaxDim || rows > model::Vectors::kMaxValues / dim)
    throw ModelPackageError(path, "bad header (rows, dimension)");
  const int64_t header = static_cast<int64_t>(sizeof kMagic) + 2 * 8;
  const int64_t tableBytes = rows * dim * static_cast<int64_t>(sizeof(float));
  // Every row has a 4-byte word length, then the table: all must be in the file.
  if (header + rows * 4 + tableBytes > size)
    throw ModelPackageError(path, "the header gives " + std::to_string(rows) + " x " +
                                      std::to_string(dim) + " vectors, which need " +
                                      std::to_string(header + rows * 4 + tableBytes) +
                                      " bytes at least; the file has " + std::to_string(size));
  // What the words take: the file less its header, length fields and table;
  // bounded too, so a large file cannot become gigabytes of words.
  int64_t wordBudget = size - header - rows * 4 - tableBytes;
  if (wordBudget > rows * kMaxMeanWordBytes + kMaxWordBytes)
    throw ModelPackageError(path, "the word list takes " + std::to_string(wordBudget) +
                                      " bytes for " + std::to_string(rows) +
                                      " words, more than a vocabulary does");
  std::vector<std::string> words;
  words.reserve(static_cast<size_t>(rows));
  for (int64_t i = 0; i < rows; ++i) {
    uint32_t n = 0;
    if (!readValue(in.get(), n) || n > kMaxWordBytes || static_cast<int64_t>(n) > wordBudget)
      throw ModelPackageError(path, "truncated or corrupt word list at row " + std::to_string(i));
    wordBudget -= n;
    std::string w(n, '\0');
    if (std::fread(w.data(), 1, n, in.get()) != n)
      throw ModelPackageError(path, "truncated word list at row " + std::to_string(i));
    words.push_back(std::move(w));
  }
  if (wordBudget != 0)
    throw ModelPackageError(path, "the vector table is " + std::to_string(tableBytes + wordBudget) +
                                      " bytes; " + std::to_string(rows) + " x " +
                                      std::to_string(dim) + " floats take " +
                                      std::to_string(tableBytes));
  std::vector<float> data(static_cast<size_t>(rows * dim));
  if (std::fread(data.data(), sizeof(float), data.size(), in.get()) != data.size())
    throw ModelPackageError(path, "truncated vector table");
  if (std::fgetc(in.get()) != EOF)
    throw ModelPackageError(path, "unexpected data after the vector table");
  return model::Vectors(std::move(words), std::move(data), dim);
}

}  // namespace spanforge::train
