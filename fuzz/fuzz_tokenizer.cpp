// The tokenizer (text::Tokenizer) on arbitrary bytes. Tokens must be
// non-empty, in order, non-overlapping and inside the text; on valid UTF-8
// each token's text must be the text its code-point offsets cover.
#include "text/tokenizer.h"
#include "text/utf8.h"

#include <cstdio>
#include <cstdlib>
#include <string_view>

using namespace spanforge::text;

namespace {

[[noreturn]] void broken(const char* what, size_t i) {
  std::fprintf(stderr, "fuzz invariant broken: token %zu: %s\n", i, what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::vector<Token> tokens = Tokenizer().tokenize(text);
  const bool valid = findInvalidUtf8(text) == std::string_view::npos;
  const OffsetMap map(valid ? text : std::string_view());
  // An invalid byte counts as one code point, so the text has at most `size`.
  const int64_t length = valid ? map.codePoints() : static_cast<int64_t>(size);
  int64_t previousEnd = 0;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.start < previousEnd || t.end <= t.start || t.end > length) broken("bad offsets", i);
    if (t.text.empty()) broken("empty text", i);
    if (valid && map.slice(text, t.start, t.end) != t.text) broken("text differs", i);
    previousEnd = t.end;
  }
  return 0;
}
