#pragma once

#include "text/span.h"
#include "text/token.h"
#include "text/tokenspan.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spanforge::text {

// How a character span maps onto tokens:
//   Strict   - it must start at a token start and end at a token end;
//   Expand   - it grows to cover every token it touches;
//   Contract - it shrinks to the tokens that lie fully inside it.
// A span that would cover no token (empty, whitespace only) never aligns.
enum class AlignMode { Strict, Expand, Contract };

// "strict", "expand", "contract".
const char* toString(AlignMode m);
std::optional<AlignMode> parseAlignMode(std::string_view s);

// A token index range [first, last), or why there is none.
struct TokenRange {
  int64_t first = 0;
  int64_t last = 0;
  std::string error;  // empty when aligned
  bool ok() const { return error.empty(); }
};

// A character span that did not align: its index in the input and why.
struct AlignFailure {
  size_t index = 0;
  Span span;
  std::string reason;
};

struct AlignResult {
  std::vector<TokenSpan> spans;        // aligned, sorted by position, non-overlapping
  std::vector<size_t> sources;         // sources[k]: input index of spans[k]
  std::vector<AlignFailure> failures;  // in input order
  bool ok() const { return failures.empty(); }
};

// Tokens must be sorted and non-overlapping (what Tokenizer produces). All
// lookups are binary searches.

// The tokens the code-point span [start, end) maps to under `mode`.
TokenRange charsToTokens(const std::vector<Token>& tokens, int64_t start, int64_t end,
                         AlignMode mode);

// The code-point span from tokens[first].start to tokens[last - 1].end, with
// the label. Throws std::out_of_range for an empty or out-of-range range.
Span tokensToChars(const std::vector<Token>& tokens, const TokenSpan& span);
std::vector<Span> tokensToChars(const std::vector<Token>& tokens,
                                const std::vector<TokenSpan>& spans);

// Aligns every span; spans that do not align, and spans that would overlap an
// earlier-positioned aligned span, are reported in failures, not dropped silently.
AlignResult alignSpans(const std::vector<Token>& tokens, const std::vector<Span>& spans,
                       AlignMode mode);

}  // namespace spanforge::text
