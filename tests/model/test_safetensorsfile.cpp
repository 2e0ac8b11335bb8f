#include "model/safetensorserror.h"
#include "model/safetensorsfile.h"
#include "slurp.h"
#include "tempdir.h"

#include "catchapi.h"

#include <sys/stat.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace spanforge::model;
using spanforge::testing::slurp;
using spanforge::testing::TempDir;

namespace {

std::string le64(uint64_t n) {
  std::string s(8, '\0');
  for (int i = 0; i < 8; ++i) s[static_cast<size_t>(i)] = static_cast<char>((n >> (8 * i)) & 0xff);
  return s;
}

// A file as bytes: the header's length, the header, the buffer.
std::string fileOf(const std::string& header, const std::string& buffer) {
  return le64(header.size()) + header + buffer;
}

std::string writeBytes(const TempDir& dir, const std::string& bytes) {
  const std::string path = dir.file("t.safetensors");
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  return path;
}

// Opening refuses the file with a message naming it and containing `text`.
void requireRefused(const std::string& path, const std::string& text) {
  try {
    const SafetensorsFile f(path);
    FAIL("read a broken file");
  } catch (const SafetensorsError& e) {
    INFO(e.what());
    CHECK(e.path() == path);
    CHECK(std::string(e.what()).rfind(path + ": ", 0) == 0);
    CHECK(std::string(e.what()).find(text) != std::string::npos);
  }
}

std::string entry(const std::string& name, const std::string& dtype, const std::string& shape,
                  uint64_t begin, uint64_t end) {
  return "\"" + name + "\":{\"dtype\":\"" + dtype + "\",\"shape\":" + shape +
         ",\"data_offsets\":[" + std::to_string(begin) + "," + std::to_string(end) + "]}";
}

}  // namespace

TEST_CASE("safetensors: the bytes Hugging Face's serializer writes") {
  TempDir dir;
  const int32_t values[] = {1, 2, 3, 4};
  const std::string path = dir.file("a.safetensors");
  SafetensorsFile::write(path, {{"test", "I32", {2, 2}, values}});
  // Hugging Face's own test (bindings/python/tests/test_simple.py): 60 bytes
  // of compact JSON padded with 4 spaces to 64 ('@'), then the data.
  const std::string expected =
      std::string("@\0\0\0\0\0\0\0", 8) +
      "{\"test\":{\"dtype\":\"I32\",\"shape\":[2,2],\"data_offsets\":[0,16]}}    " +
      std::string("\x01\0\0\0\x02\0\0\0\x03\0\0\0\x04\0\0\0", 16);
  CHECK(slurp(path) == expected);

  // Metadata first; tensors by dtype (F32 before U8, as its Dtype enum
  // orders them), then by name; 137 bytes of JSON padded to 144 (0x90).
  const float b[] = {1.0f};
  const uint8_t a[] = {7, 9};
  SafetensorsFile::write(path, {{"a", "U8", {2}, a}, {"b", "F32", {1}, b}}, {{"format", "pt"}});
  const std::string expected2 =
      std::string("\x90\0\0\0\0\0\0\0", 8) +
      "{\"__metadata__\":{\"format\":\"pt\"},\"b\":{\"dtype\":\"F32\",\"shape\":[1],"
      "\"data_offsets\":[0,4]},\"a\":{\"dtype\":\"U8\",\"shape\":[2],\"data_offsets\":[4,6]}}"
      "       " +
      std::string("\0\0\x80\x3f\x07\x09", 6);
  CHECK(slurp(path) == expected2);

  const SafetensorsFile f(path);
  CHECK(f.metadata() == std::map<std::string, std::string>{{"format", "pt"}});
  REQUIRE(f.tensors().size() == 2);
  const SafetensorsTensor* ta = f.find("a");
  REQUIRE(ta != nullptr);
  CHECK(ta->dtype == "U8");
  CHECK(ta->shape == std::vector<int64_t>{2});
  CHECK(std::memcmp(f.data(*ta), a, 2) == 0);
  const SafetensorsTensor* tb = f.find("b");
  REQUIRE(tb != nullptr);
  float read = 0;
  std::memcpy(&read, f.data(*tb), 4);
  CHECK(read == 1.0f);
  CHECK(f.find("c") == nullptr);
}

TEST_CASE("safetensors: reads every dtype Hugging Face files use, scalars and empty tensors") {
  TempDir dir;
  // F64 8, I64 8, F32 4, I32 4, F16 2, BF16 2, I8 1, U8 1, BOOL 1, a scalar, an empty one.
  std::string header =
      "{" + entry("f64", "F64", "[1]", 0, 8) + "," + entry("i64", "I64", "[1]", 8, 16) + "," +
      entry("f32", "F32", "[]", 16, 20) + "," + entry("i32", "I32", "[1,1]", 20, 24) + "," +
      entry("f16", "F16", "[2]", 24, 28) + "," + entry("bf16", "BF16", "[1]", 28, 30) + "," +
      entry("i8", "I8", "[1]", 30, 31) + "," + entry("u8", "U8", "[1]", 31, 32) + "," +
      entry("bool", "BOOL", "[1]", 32, 33) + "," + entry("none", "F32", "[0,5]", 33, 33) + "}";
  const SafetensorsFile f(writeBytes(dir, fileOf(header, std::string(33, '\1'))));
  CHECK(f.tensors().size() == 10);
  CHECK(f.find("f32")->elements() == 1);
  CHECK(f.find("none")->elements() == 0);
  CHECK(f.data(*f.find("none")) == nullptr);
  CHECK(SafetensorsFile::dtypeSize("BF16") == 2);
  CHECK(SafetensorsFile::dtypeSize("Q4") == 0);
  // Hugging Face's reader test: a header without padding is fine too.
  const SafetensorsFile g(
      writeBytes(dir, fileOf("{\"test\":{\"dtype\":\"I32\",\"shape\":[2,2],\"data_offsets\":[0,16]}}",
                        std::string(16, '\0'))));
  CHECK(g.find("test")->shape == std::vector<int64_t>{2, 2});
}

TEST_CASE("safetensors: a damaged or hostile file is refused with a message, never read") {
  TempDir dir;
  const std::string one = entry("a", "F32", "[2]", 0, 8);
  SECTION("a tensor beyond the end of the file (truncated)") {
    requireRefused(writeBytes(dir, fileOf("{" + one + "}", std::string(4, '\0'))),
                   "tensor \"a\": data_offsets [0, 8] reach beyond the file's 4 bytes");
  }
  SECTION("overlapping ranges") {
    requireRefused(writeBytes(dir, fileOf("{" + one + "," + entry("b", "F32", "[2]", 4, 12) + "}",
                                     std::string(12, '\0'))),
                   "tensor \"b\": its bytes overlap tensor \"a\"");
  }
  SECTION("a hole between tensors") {
    requireRefused(writeBytes(dir, fileOf("{" + entry("a", "F32", "[1]", 0, 4) + "," +
                                         entry("b", "F32", "[1]", 8, 12) + "}",
                                     std::string(12, '\0'))),
                   "tensor \"b\": 4 bytes before it belong to no tensor");
  }
  SECTION("bytes after the last tensor") {
    requireRefused(writeBytes(dir, fileOf("{" + one + "}", std::string(12, '\0'))),
                   "4 bytes at the end of the tensor data belong to no tensor");
  }
  SECTION("a range that does not match dtype and shape") {
    requireRefused(
        writeBytes(dir, fileOf("{" + entry("a", "F32", "[3]", 0, 8) + "}", std::string(8, '\0'))),
        "tensor \"a\": data_offsets [0, 8] hold 8 bytes, but shape [3] of F32 needs 12");
  }
  SECTION("an unknown dtype") {
    requireRefused(
        writeBytes(dir, fileOf("{" + entry("a", "Q4", "[2]", 0, 8) + "}", std::string(8, '\0'))),
        "tensor \"a\": unknown dtype \"Q4\"");
  }
  SECTION("a negative dimension") {
    requireRefused(
        writeBytes(dir, fileOf("{" + entry("a", "F32", "[-2]", 0, 8) + "}", std::string(8, '\0'))),
        "tensor \"a\": \"shape\" holds the negative dimension -2");
  }
  SECTION("a shape whose size overflows") {
    requireRefused(
        writeBytes(dir, fileOf("{" + entry("a", "F32", "[4611686018427387904,8]", 0, 0) + "}", "")),
        "tensor \"a\": shape [4611686018427387904, 8] of F32 is too large");
  }
  SECTION("end before begin") {
    requireRefused(
        writeBytes(dir, fileOf("{" + entry("a", "F32", "[0]", 8, 0) + "}", std::string(8, '\0'))),
        "end before begin");
  }
  SECTION("a duplicate tensor name (nlohmann would keep the last silently)") {
    requireRefused(writeBytes(dir, fileOf("{" + one + "," + one + "}", std::string(8, '\0'))),
                   "the header repeats the tensor name \"a\"");
  }
  SECTION("a duplicate field") {
    requireRefused(writeBytes(dir, fileOf("{\"a\":{\"dtype\":\"F32\",\"dtype\":\"I32\",\"shape\":[2],"
                                     "\"data_offsets\":[0,8]}}",
                                     std::string(8, '\0'))),
                   "the header repeats the field \"dtype\"");
  }
  SECTION("a header length beyond the file") {
    requireRefused(writeBytes(dir, le64(uint64_t{1} << 63) + "{}"),
                   "not a safetensors file: its header length (9223372036854775808 bytes) "
                   "exceeds the file (10 bytes)");
  }
  SECTION("a header larger than the limit, in a file large enough to hold it") {
    const std::string path = writeBytes(dir, le64(SafetensorsFile::kMaxHeaderBytes + 1) + "{");
    std::filesystem::resize_file(path, SafetensorsFile::kMaxHeaderBytes + 16);  // sparse
    requireRefused(path, "is larger than the 16777216 this reader accepts");
  }
  SECTION("a file shorter than the length field") {
    requireRefused(writeBytes(dir, "abc"), "3 bytes, shorter than the 8-byte header length");
  }
  SECTION("a zip archive (PyTorch, TorchScript)") {
    requireRefused(writeBytes(dir, std::string("PK\x03\x04", 4) + std::string(60, '\0')),
                   "not a safetensors file: a zip archive");
  }
  SECTION("a header that is not JSON") {
    requireRefused(writeBytes(dir, fileOf("{\"a\":", "")), "the header is not valid JSON");
    requireRefused(writeBytes(dir, fileOf("[1,2]", "")), "the header is not a JSON object");
  }
  SECTION("a header nested too deep to parse safely") {
    requireRefused(
        writeBytes(dir, fileOf("{\"a\":" + std::string(2000, '[') + std::string(2000, ']') + "}", "")),
        "nested too deep");
  }
  SECTION("fields of the wrong type or unknown") {
    requireRefused(writeBytes(dir, fileOf("{\"a\":[]}", "")), "tensor \"a\": is not a JSON object");
    requireRefused(writeBytes(dir, fileOf("{\"a\":{\"dtype\":\"F32\",\"shape\":[0],"
                                     "\"data_offsets\":[0,0],\"code\":\"x\"}}",
                                     "")),
                   "tensor \"a\": unknown field \"code\"");
    requireRefused(writeBytes(dir, fileOf("{\"a\":{\"dtype\":\"F32\",\"shape\":[1.5],"
                                     "\"data_offsets\":[0,0]}}",
                                     "")),
                   "not a non-negative whole number");
    requireRefused(writeBytes(dir, fileOf("{\"a\":{\"dtype\":\"F32\",\"shape\":[0],"
                                     "\"data_offsets\":[0]}}",
                                     "")),
                   "\"data_offsets\" is missing or not two non-negative whole numbers");
    requireRefused(writeBytes(dir, fileOf("{\"__metadata__\":{\"k\":1}}", "")),
                   "\"__metadata__\": \"k\" is not a string");
  }
}

TEST_CASE("safetensors: only regular files are opened, and opening never blocks") {
  TempDir dir;
  const std::string fifo = dir.file("fifo");
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  requireRefused(fifo, "is a FIFO, not a regular file");
  requireRefused(dir.path().string(), "is a directory, not a regular file");
  requireRefused(dir.file("missing"), "cannot open");
}

TEST_CASE("safetensors: the writer refuses what the format cannot hold") {
  TempDir dir;
  const float x[] = {1.0f};
  const std::string path = dir.file("w.safetensors");
  CHECK_THROWS_WITH(SafetensorsFile::write(path, {{"a", "F32", {1}, x}, {"a", "F32", {1}, x}}),
                    ContainsSubstring("\"a\" twice"));
  CHECK_THROWS_WITH(SafetensorsFile::write(path, {{"__metadata__", "F32", {1}, x}}),
                    ContainsSubstring("cannot write a tensor named"));
  CHECK_THROWS_WITH(SafetensorsFile::write(path, {{"a", "F7", {1}, x}}),
                    ContainsSubstring("unknown dtype"));
  CHECK_THROWS_WITH(SafetensorsFile::write(dir.file("no/such/dir.safetensors"), {}),
                    ContainsSubstring("cannot write"));
  // No tensors at all is a valid file: "{}" padded to 8.
  SafetensorsFile::write(path, {});
  CHECK(slurp(path) == std::string("\x08\0\0\0\0\0\0\0{}      ", 16));
  CHECK(SafetensorsFile(path).tensors().empty());
}
