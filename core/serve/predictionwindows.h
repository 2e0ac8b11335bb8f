#pragma once

#include "model/prediction.h"
#include "text/token.h"

#include <cstddef>
#include <vector>

namespace spanforge::serve {

// A record too long for one pass of the network, cut into windows of at most
// kMaxTokens tokens, and the windows' predictions put back together. One
// pass over a whole 16 MiB record (millions of tokens) needs tens of GB; a
// window needs a few MB, so memory stays bounded whatever the record. A cut
// falls after a sentence end (".", "!", "?") in the window's second half when
// there is one, so entities rarely straddle it. Records within the limit are
// one window and predict exactly as before.
class PredictionWindows {
 public:
  static constexpr size_t kMaxTokens = 4096;

  struct Window {
    size_t begin = 0;  // token range [begin, end)
    size_t end = 0;
  };

  // The windows covering the tokens in order; one (possibly empty) when they fit.
  static std::vector<Window> split(const std::vector<text::Token>& tokens);

  // The record's prediction from its windows' (in order): tags and spans
  // shifted into place; the path probability and margin as of independent
  // windows, entropy and log-probability per token averaged over tokens.
  static model::Prediction merge(const std::vector<Window>& windows,
                                 std::vector<model::Prediction> parts);
};

}  // namespace spanforge::serve
