// A package's vectors.bin is read within what the file holds (issue #31):
// a header claiming more than the bytes present is refused before anything
// is allocated for it, and only a regular file is read.
#include "memorylimit.h"
#include "model/vectors.h"
#include "tempdir.h"
#include "train/package/modelpackageerror.h"
#include "train/package/vectorsfile.h"

#include "catchapi.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <new>
#include <string>

using spanforge::model::Vectors;
using spanforge::testing::TempDir;
using spanforge::train::ModelPackageError;
using spanforge::train::VectorsFile;

namespace {

const char kMagic[8] = {'S', 'F', 'V', 'E', 'C', '1', '\n', '\0'};

// A vectors.bin whose header says rows x dim, followed by `body` bytes of 'x'.
std::string writeBin(const TempDir& dir, int64_t rows, int64_t dim, size_t body) {
  const std::string path = dir.file("vectors.bin");
  std::ofstream out(path, std::ios::binary);
  out.write(kMagic, sizeof kMagic);
  out.write(reinterpret_cast<const char*>(&rows), sizeof rows);
  out.write(reinterpret_cast<const char*>(&dim), sizeof dim);
  out << std::string(body, 'x');
  return path;
}

std::string vectorsErrorOf(const std::string& path) {
  try {
    VectorsFile::read(path);
  } catch (const ModelPackageError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("vectors.bin: a header claiming more than the file holds is refused before allocating") {
  TempDir dir;
  // 80 KB claiming 45 million rows: the old reader reserved 1.44 GB of words
  // for it, and more with a larger dimension (then std::bad_alloc).
  const std::string path = writeBin(dir, 45'000'000, 20, 80 * 1024);
  const std::string message = vectorsErrorOf(path);
  CHECK_THAT(message, ContainsSubstring("vectors.bin: the header gives 45000000 x 20 vectors") &&
                          ContainsSubstring("the file has 81944"));
  // With 256 MB of address space to spare, refused by the reader, not by the allocator.
  const int code = spanforge::testing::withMemoryLimit(256 << 20, [&] {
    try {
      VectorsFile::read(path);
    } catch (const ModelPackageError&) {
      return 0;
    } catch (const std::bad_alloc&) {
      return 1;
    }
    return 2;
  });
  CHECK(code == 0);
}

TEST_CASE("vectors.bin: limits on the dimension, the values and the word list") {
  TempDir dir;
  CHECK_THAT(vectorsErrorOf(writeBin(dir, 1, Vectors::kMaxDim + 1, 1 << 16)),
             ContainsSubstring("bad header"));
  CHECK_THAT(vectorsErrorOf(writeBin(dir, Vectors::kMaxValues, 2, 1 << 16)),
             ContainsSubstring("bad header"));
  // Two rows of one value and megabytes left for their words: a lie.
  CHECK_THAT(vectorsErrorOf(writeBin(dir, 2, 1, 3 << 20)),
             ContainsSubstring("the word list takes"));
}

TEST_CASE("vectors.bin: the table must take exactly the bytes after the words") {
  TempDir dir;
  const Vectors v({"a", "bb"}, {1, 2, 3, 4}, 2);
  const std::string path = dir.file("v.bin");
  VectorsFile::write(path, v);
  const Vectors back = VectorsFile::read(path);
  CHECK(back.words() == v.words());
  CHECK(back.data() == v.data());
  std::ofstream(path, std::ios::binary | std::ios::app) << "extra";
  CHECK_THAT(vectorsErrorOf(path), ContainsSubstring("vector table"));
  REQUIRE(truncate(path.c_str(), 40) == 0);  // the table cut short
  CHECK_THAT(vectorsErrorOf(path), ContainsSubstring("need 48 bytes at least; the file has 40"));
}

TEST_CASE("vectors.bin: a FIFO, a device or a directory is refused at once, naming it") {
  TempDir dir;
  const std::string fifo = dir.file("vectors.bin");
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  // No writer: an open without O_NONBLOCK would wait here forever.
  CHECK_THAT(vectorsErrorOf(fifo), ContainsSubstring(fifo) && ContainsSubstring("is a FIFO"));
  CHECK_THAT(vectorsErrorOf("/dev/zero"),
             ContainsSubstring("/dev/zero") && ContainsSubstring("character device"));
  CHECK_THAT(vectorsErrorOf(dir.path().string()), ContainsSubstring("is a directory"));
}
