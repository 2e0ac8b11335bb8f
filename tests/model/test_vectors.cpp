#include "io/inputerror.h"
#include "memorylimit.h"
#include "model/vectors.h"
#include "tempdir.h"

#include <zlib.h>
#include "catchapi.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <new>

using spanforge::model::Vectors;
using spanforge::testing::TempDir;

namespace {

void writePlain(const std::string& path, const std::string& content) {
  std::ofstream(path, std::ios::binary) << content;
}

void writeGz(const std::string& path, const std::string& content) {
  gzFile f = gzopen(path.c_str(), "wb");
  REQUIRE(f != nullptr);
  gzwrite(f, content.data(), static_cast<unsigned>(content.size()));
  gzclose(f);
}

const char* const kGlove = "the 0.1 0.2 -0.3\nParis 1 2 3e-1\n, 0 0 0\n";
const char* const kWord2vec = "3 3\nthe 0.1 0.2 -0.3\r\nParis 1 2 3e-1\r\n, 0 0 0\r\n";

void checkTable(const Vectors& v) {
  REQUIRE(v.size() == 3);
  CHECK(v.dim() == 3);
  CHECK(v.words() == std::vector<std::string>{"the", "Paris", ","});
  CHECK(v.row(1)[2] == Approx(0.3f));
  CHECK(v.row(0)[2] == Approx(-0.3f));
  CHECK(v.find("the") == 0);
  CHECK(v.find("The") == 0);  // via lower case
  CHECK(v.find("Paris") == 1);
  CHECK(v.find("paris") == -1);  // exact first, then lower-case only
  CHECK(v.find("nope") == -1);
}

std::string errorOf(const std::string& path) {
  try {
    Vectors::load(path);
  } catch (const spanforge::io::InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("vectors: GloVe and word2vec text, plain and gzip") {
  TempDir dir;
  writePlain(dir.file("glove.txt"), kGlove);
  writePlain(dir.file("w2v.vec"), kWord2vec);
  writeGz(dir.file("glove.txt.gz"), kGlove);
  writeGz(dir.file("w2v.vec.gz"), kWord2vec);
  for (const char* name : {"glove.txt", "w2v.vec", "glove.txt.gz", "w2v.vec.gz"}) {
    INFO(name);
    checkTable(Vectors::load(dir.file(name)));
  }
}

TEST_CASE("vectors: max rows, duplicates and words with spaces") {
  TempDir dir;
  writePlain(dir.file("v.txt"), "a 1 2\nb 3 4\na 5 6\n. . . 7 8\nc 9 10\n");
  const Vectors all = Vectors::load(dir.file("v.txt"));
  CHECK(all.words() == std::vector<std::string>{"a", "b", ". . .", "c"});
  CHECK(all.row(0)[0] == 1.0f);  // the first "a" wins
  CHECK(Vectors::load(dir.file("v.txt"), 2).size() == 2);
}

TEST_CASE("vectors: long lines") {
  TempDir dir;
  std::string line = "long";
  for (int i = 0; i < 5000; ++i) line += " 0.123456";
  writeGz(dir.file("v.gz"), line + "\n" + "short" + line.substr(4) + "\n");
  const Vectors v = Vectors::load(dir.file("v.gz"));
  CHECK(v.size() == 2);
  CHECK(v.dim() == 5000);
}

TEST_CASE("vectors: malformed files name the file and line") {
  TempDir dir;
  writePlain(dir.file("short.txt"), "a 1 2 3\nb 1 2\n");
  CHECK_THAT(errorOf(dir.file("short.txt")),
             ContainsSubstring("short.txt:2") && ContainsSubstring("expected 3 values"));
  writePlain(dir.file("long.txt"), "a 1 2 3\nb 1 2 3 4\n");
  CHECK_THAT(errorOf(dir.file("long.txt")), ContainsSubstring("long.txt:2"));
  writePlain(dir.file("header.txt"), "2 3\na 1 2 3\nb 1 2\n");
  CHECK_THAT(errorOf(dir.file("header.txt")), ContainsSubstring("header.txt:3"));
  writePlain(dir.file("nan.txt"), "a 1 2 3\nb 1 x 3\n");
  CHECK_THAT(errorOf(dir.file("nan.txt")),
             ContainsSubstring("nan.txt:2") && ContainsSubstring("\"x\" is not a number"));
  // Every problem is bad input naming the file (the CLI said "internal error").
  writePlain(dir.file("empty.txt"), "");
  CHECK_THROWS_AS(Vectors::load(dir.file("empty.txt")), spanforge::io::InputError);
  CHECK_THROWS_WITH(Vectors::load(dir.file("empty.txt")), ContainsSubstring("holds no vectors"));
  CHECK_THROWS_AS(Vectors::load(dir.file("missing.txt")), spanforge::io::InputError);
  CHECK_THROWS_WITH(Vectors::load(dir.file("missing.txt")),
                    ContainsSubstring("missing.txt: cannot open: No such file"));
  // A file without line breaks is refused at 1 MB, not read whole.
  writePlain(dir.file("oneline.txt"), "a" + std::string(3 << 20, ' '));
  CHECK_THAT(errorOf(dir.file("oneline.txt")),
             ContainsSubstring("oneline.txt:1") && ContainsSubstring("longer than 1048576 bytes"));
}

TEST_CASE("vectors: save and load round trip") {
  TempDir dir;
  const Vectors v({"x", "y z"}, {0.1f, -2.5e-8f, 3.0f, 1.0f / 3.0f}, 2);
  for (const char* name : {"out.vec", "out.vec.gz"}) {
    v.save(dir.file(name));
    const Vectors r = Vectors::load(dir.file(name));
    CHECK(r.words() == v.words());
    CHECK(r.data() == v.data());  // bit-exact floats
  }
}

TEST_CASE("vectors: only a regular file is read: devices, FIFOs and directories are refused") {
  TempDir dir;
  // /dev/zero spun training at 100% CPU forever; a FIFO without a writer blocked it.
  CHECK_THAT(errorOf("/dev/zero"),
             ContainsSubstring("/dev/zero: is a character device, not a regular file"));
  const std::string fifo = dir.file("fifo.txt");
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_THAT(errorOf(fifo),
             ContainsSubstring("fifo.txt: is a FIFO (named pipe), not a regular file"));
  CHECK_THAT(errorOf(dir.path().string()), ContainsSubstring("is a directory, not a regular file"));
}

TEST_CASE("vectors: a file of NULs, sparse or not, is refused at its first bytes") {
  TempDir dir;
  writePlain(dir.file("nul.txt"), std::string(1 << 20, '\0'));
  CHECK_THAT(errorOf(dir.file("nul.txt")),
             ContainsSubstring("nul.txt:1") && ContainsSubstring("NUL byte"));
  // 10 GB of holes (no disk used): the old reader took 37 s to refuse it.
  const std::string sparse = dir.file("sparse.txt");
  writePlain(sparse, "the 0.1 0.2\n");
  REQUIRE(truncate(sparse.c_str(), int64_t{10} << 30) == 0);
  CHECK_THAT(errorOf(sparse), ContainsSubstring("sparse.txt:2") && ContainsSubstring("NUL byte"));
}

TEST_CASE("vectors: a header must fit the file and the limits before anything is reserved") {
  TempDir dir;
  const std::string lie = dir.file("lie.txt");
  writePlain(lie, "10000000 100\nthe 0.1 0.2\n");
  CHECK_THAT(errorOf(lie),
             ContainsSubstring("lie.txt:1") &&
                 ContainsSubstring("10000000 rows of 100 values, more than 25 bytes"));
  // Reserving what the header says (4 GB) would fail with 256 MB to spare: refused first.
  const int code = spanforge::testing::withMemoryLimit(256 << 20, [&] {
    try {
      Vectors::load(lie);
    } catch (const spanforge::io::InputError&) {
      return 0;
    } catch (const std::bad_alloc&) {
      return 1;
    }
    return 2;
  });
  CHECK(code == 0);
  writePlain(dir.file("dim.txt"), "1 100000\n");
  CHECK_THAT(errorOf(dir.file("dim.txt")),
             ContainsSubstring("dimension 100000, more than the limit of 65536"));
  writePlain(dir.file("values.txt"), "100000000 100\n");
  CHECK_THAT(errorOf(dir.file("values.txt")),
             ContainsSubstring("more than the limit of 1073741824 values"));
}

TEST_CASE("vectors: a gzip file that expands far beyond vectors is refused as a bomb") {
  TempDir dir;
  // 70 MiB of text in a file of about 70 KB.
  const std::string line = std::string(1023, ' ') + "\n";
  std::string text;
  text.reserve(70 * 1024 * line.size());
  for (int i = 0; i < 70 * 1024; ++i) text += line;
  writeGz(dir.file("bomb.gz"), text);
  CHECK_THAT(errorOf(dir.file("bomb.gz")),
             ContainsSubstring("bomb.gz") && ContainsSubstring("gzip bomb"));
}
