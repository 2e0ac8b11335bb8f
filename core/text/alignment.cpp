#include "text/alignment.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace spanforge::text {
namespace {

using Tokens = std::vector<Token>;

// Index of the first token whose start is >= pos.
int64_t firstStartingAtOrAfter(const Tokens& t, int64_t pos) {
  return std::partition_point(t.begin(), t.end(), [&](const Token& k) { return k.start < pos; }) -
         t.begin();
}

// Index of the first token whose end is > pos.
int64_t firstEndingAfter(const Tokens& t, int64_t pos) {
  return std::partition_point(t.begin(), t.end(), [&](const Token& k) { return k.end <= pos; }) -
         t.begin();
}

std::string range(int64_t a, int64_t b) {
  return "[" + std::to_string(a) + "," + std::to_string(b) + ")";
}

std::string describeToken(const Tokens& t, int64_t k) {
  const Token& tok = t[static_cast<size_t>(k)];
  return "token " + std::to_string(k) + " \"" + tok.text + "\" " + range(tok.start, tok.end);
}

// Why `pos` is not a token start (or end): inside which token, or where.
std::string notBoundary(const Tokens& t, const std::string& what, int64_t pos) {
  const int64_t k = firstEndingAfter(t, pos);
  const bool inside = k < static_cast<int64_t>(t.size()) && t[static_cast<size_t>(k)].start < pos;
  return what + " " + std::to_string(pos) +
         (inside ? " falls inside " + describeToken(t, k) : " is not at a token " + what);
}

TokenRange failed(std::string why) { return {0, 0, std::move(why)}; }

}  // namespace

const char* toString(AlignMode m) {
  switch (m) {
    case AlignMode::Strict:
      return "strict";
    case AlignMode::Expand:
      return "expand";
    case AlignMode::Contract:
      return "contract";
  }
  return "strict";
}

std::optional<AlignMode> parseAlignMode(std::string_view s) {
  if (s == "strict") return AlignMode::Strict;
  if (s == "expand") return AlignMode::Expand;
  if (s == "contract") return AlignMode::Contract;
  return std::nullopt;
}

TokenRange charsToTokens(const Tokens& tokens, int64_t start, int64_t end, AlignMode mode) {
  if (start < 0 || end < start) return failed("invalid span " + range(start, end));
  if (start == end) return failed("empty span at " + std::to_string(start));
  int64_t first = 0, last = 0;
  switch (mode) {
    case AlignMode::Strict: {
      first = firstStartingAtOrAfter(tokens, start);
      if (first == static_cast<int64_t>(tokens.size()) ||
          tokens[static_cast<size_t>(first)].start != start) {
        return failed(notBoundary(tokens, "start", start));
      }
      last = firstEndingAfter(tokens, end - 1);  // the token ending exactly at end, if any
      if (last == static_cast<int64_t>(tokens.size()) ||
          tokens[static_cast<size_t>(last)].end != end) {
        return failed(notBoundary(tokens, "end", end));
      }
      return {first, last + 1, {}};
    }
    case AlignMode::Expand:
      first = firstEndingAfter(tokens, start);
      last = firstStartingAtOrAfter(tokens, end);
      if (first >= last) return failed("span " + range(start, end) + " covers no token");
      break;
    case AlignMode::Contract:
      first = firstStartingAtOrAfter(tokens, start);
      last = firstEndingAfter(tokens, end);
      if (first >= last) {
        return failed("span " + range(start, end) + " contains no whole token");
      }
      break;
  }
  return {first, last, {}};
}

Span tokensToChars(const Tokens& tokens, const TokenSpan& span) {
  if (span.first < 0 || span.first >= span.last ||
      span.last > static_cast<int64_t>(tokens.size())) {
    throw std::out_of_range("token range " + range(span.first, span.last) +
                            " is empty or outside " + std::to_string(tokens.size()) + " tokens");
  }
  return {tokens[static_cast<size_t>(span.first)].start,
          tokens[static_cast<size_t>(span.last - 1)].end, span.label};
}

std::vector<Span> tokensToChars(const Tokens& tokens, const std::vector<TokenSpan>& spans) {
  std::vector<Span> out;
  out.reserve(spans.size());
  for (const TokenSpan& s : spans) out.push_back(tokensToChars(tokens, s));
  return out;
}

AlignResult alignSpans(const Tokens& tokens, const std::vector<Span>& spans, AlignMode mode) {
  AlignResult r;
  std::vector<TokenSpan> aligned(spans.size());
  std::vector<size_t> ok;
  for (size_t i = 0; i < spans.size(); ++i) {
    const Span& s = spans[i];
    TokenRange t = charsToTokens(tokens, s.start, s.end, mode);
    if (!t.ok()) {
      r.failures.push_back({i, s, std::move(t.error)});
      continue;
    }
    aligned[i] = {t.first, t.last, s.label};
    ok.push_back(i);
  }
  std::stable_sort(ok.begin(), ok.end(), [&](size_t a, size_t b) {
    return std::tie(aligned[a].first, aligned[a].last) <
           std::tie(aligned[b].first, aligned[b].last);
  });
  for (size_t i : ok) {
    if (!r.spans.empty() && aligned[i].first < r.spans.back().last) {
      const size_t other = r.sources.back();
      r.failures.push_back({i, spans[i],
                            "tokens " + range(aligned[i].first, aligned[i].last) +
                                " overlap span " + std::to_string(other) + " (tokens " +
                                range(r.spans.back().first, r.spans.back().last) + ")"});
      continue;
    }
    r.spans.push_back(aligned[i]);
    r.sources.push_back(i);
  }
  std::sort(r.failures.begin(), r.failures.end(),
            [](const AlignFailure& a, const AlignFailure& b) { return a.index < b.index; });
  return r;
}

}  // namespace spanforge::text
