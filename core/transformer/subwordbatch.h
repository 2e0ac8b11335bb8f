#pragma once

#include "text/token.h"
#include "transformer/subwordtokenizer.h"
#include "transformer/subwordwindows.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace at {
class Tensor;
}

namespace spanforge::transformer {

// One sentence as the encoder reads it, made once (when the data is
// featurised): its subword ids and which of them each token is made of.
struct SentenceSubwords {
  std::vector<int32_t> ids;
  std::vector<TokenPieces> pieces;  // one per token

  static SentenceSubwords make(const SubwordTokenizer& tokenizer, const std::string& text,
                               const std::vector<text::Token>& tokens);
};

// How a token of several subwords is read: its first one (the usual choice
// for NER) or the mean of all.
enum class Pooling { First, Mean };

// A batch of sentences cut into the encoder's windows: every window framed
// by the start and end tokens and padded to the longest, and, for every
// token, which window positions make its state and with what weight. The
// encoder runs on windows(); tokenStates() turns its output into [B, T, H].
class SubwordBatch {
 public:
  // `window`: subwords a window holds, start and end tokens included (the
  // model's max_position_embeddings, less RoBERTa's offset); `stride`: how
  // far each next window starts. Throws std::invalid_argument for a window
  // of fewer than 3 or a stride outside (0, window - 2].
  SubwordBatch(const std::vector<const SentenceSubwords*>& sentences, const SpecialTokens& special,
               int64_t window, int64_t stride, Pooling pooling);
  ~SubwordBatch();
  SubwordBatch(SubwordBatch&&) noexcept;
  SubwordBatch& operator=(SubwordBatch&&) noexcept;

  const at::Tensor& ids() const;   // [W, S] int64, the padding id after each window
  const at::Tensor& mask() const;  // [W, S] int64, 1 on real positions
  // Token states [B, T, H] from the encoder's [W, S, H]; a token the encoder
  // cannot see (no subword) is zeros. T: the longest sentence's tokens.
  at::Tensor tokenStates(const at::Tensor& windowStates) const;
  // Moves the index tensors to the device the encoder runs on.
  void to(const std::string& device);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::transformer
