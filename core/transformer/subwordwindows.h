#pragma once

#include "text/token.h"
#include "transformer/subwordtokenizer.h"

#include <cstdint>
#include <vector>

namespace spanforge::transformer {

// The subwords [first, last) that make up one of Spanforge's tokens (what
// people label). Empty (first == last) when the encoder sees nothing of the
// token: characters its normalizer drops, such as a lone control character.
struct TokenPieces {
  int64_t first = 0;
  int64_t last = 0;
  bool empty() const { return first == last; }
};

// Each subword goes to the token whose characters it starts in. A subword
// running over a token boundary (an [UNK] over two emoji that Spanforge
// tokenizes apart) belongs to the first token, and a token with no subword of
// its own inside it shares it. Tokens and subwords in text order.
std::vector<TokenPieces> alignTokens(const std::vector<text::Token>& tokens,
                                     const std::vector<Subword>& subwords);

// A stretch [begin, end) of a document's subwords that the encoder reads at
// once, between its start and end tokens.
struct SubwordWindow {
  int64_t begin = 0;
  int64_t end = 0;
};

// Windows of at most `size` subwords, each starting `stride` after the last,
// the last ending at the end; one window when everything fits. Throws
// std::invalid_argument unless 0 < stride <= size.
std::vector<SubwordWindow> subwordWindows(int64_t subwords, int64_t size, int64_t stride);

// For each token, the window it is read from: of those holding all its
// subwords, the one where it lies farthest from an edge (a token near a
// window's edge sees little context on that side); a token of more subwords
// than a window holds is read from the last window its first subword is in
// before the next begins. -1 for an empty token.
std::vector<int64_t> tokenWindows(const std::vector<TokenPieces>& tokens,
                                  const std::vector<SubwordWindow>& windows);

}  // namespace spanforge::transformer
