#include "readerfuzz.h"

#include "fuzzinput.h"
#include "io/inputerror.h"
#include "io/recordreader.h"
#include "io/recordwriter.h"
#include "io/writeerror.h"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>

namespace spanforge::fuzz {
namespace {

[[noreturn]] void broken(const char* what, const std::string& detail = {}) {
  std::fprintf(stderr, "fuzz invariant broken: %s %s\n", what, detail.c_str());
  std::abort();
}

// Options follow the input's size, so the fuzzer reaches every setting while
// the bytes keep their meaning: a small record limit (the "too long" paths)
// and, for CoNLL, each tag scheme.
io::ReaderOptions optionsFor(size_t size) {
  io::ReaderOptions options;
  if (size % 7 == 3) options.maxRecordBytes = 64;
  constexpr io::TagScheme kSchemes[] = {io::TagScheme::Auto, io::TagScheme::Iob2,
                                        io::TagScheme::Iob1, io::TagScheme::Biluo};
  options.scheme = kSchemes[size % 4];
  return options;
}

}  // namespace

int fuzzReader(const uint8_t* data, size_t size, io::Format format, const char* fileName) {
  const std::string path = writeInput(data, size, fileName);
  try {
    io::detectFormat(path);
  } catch (const io::InputError& e) {
    expectedError(e);
  }

  std::unique_ptr<io::RecordReader> reader;
  try {
    reader = io::openReader(path, format, optionsFor(size));
  } catch (const io::InputError& e) {
    expectedError(e);
    return 0;
  }
  std::ostringstream out;
  const auto writer = io::openWriter(out, io::Format::Jsonl);
  // Every record or error consumes input, so more calls than bytes means a
  // reader that stopped advancing (an endless import).
  const size_t cap = size + 16;
  size_t calls = 0;
  int64_t lastLine = 0;
  text::Document doc;
  for (;; ++calls) {
    if (calls > cap) broken("reader does not advance: next() called", std::to_string(calls));
    try {
      if (!reader->next(doc)) break;
    } catch (const io::InputError& e) {
      expectedError(e);
      continue;  // --skip-invalid
    }
    if (reader->line() < lastLine) broken("line() went back");
    lastLine = reader->line();
    try {
      writer->write(doc);
    } catch (const io::WriteError& e) {
      broken("read a document JSONL cannot write:", e.what());
    }
  }
  writer->finish();
  if (reader->bytesRead() > static_cast<int64_t>(size)) broken("bytesRead() past the end");
  return 0;
}

}  // namespace spanforge::fuzz
