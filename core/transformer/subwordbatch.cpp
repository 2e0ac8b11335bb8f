#include "transformer/subwordbatch.h"

#include <torch/torch.h>

#include <algorithm>
#include <stdexcept>

namespace spanforge::transformer {

SentenceSubwords SentenceSubwords::make(const SubwordTokenizer& tokenizer, const std::string& text,
                                        const std::vector<text::Token>& tokens) {
  const std::vector<Subword> subwords = tokenizer.encode(text);
  SentenceSubwords s;
  s.ids.reserve(subwords.size());
  for (const Subword& w : subwords) s.ids.push_back(w.id);
  s.pieces = alignTokens(tokens, subwords);
  return s;
}

struct SubwordBatch::Impl {
  torch::Tensor ids, mask;
  torch::Tensor gather;   // [B, T, K]: flat window positions (W * S) of each token's pieces
  torch::Tensor weights;  // [B, T, K]
};

SubwordBatch::SubwordBatch(const std::vector<const SentenceSubwords*>& sentences,
                           const SpecialTokens& special, int64_t window, int64_t stride,
                           Pooling pooling)
    : impl_(std::make_unique<Impl>()) {
  if (window < 3 || stride <= 0 || stride > window - 2)
    throw std::invalid_argument("a window of " + std::to_string(window) + " subwords with stride " +
                                std::to_string(stride) +
                                " (a window needs 3 or more, the stride 1 to window - 2)");
  const int64_t inner = window - 2;        // less the start and end tokens
  std::vector<std::vector<int64_t>> rows;  // each window's ids, framed
  struct Slot {
    int64_t batch, token;
    std::vector<std::pair<int64_t, int64_t>> at;  // (window row, column) of each piece
  };
  std::vector<Slot> slots;
  int64_t maxTokens = 0, maxPieces = 1;
  for (size_t b = 0; b < sentences.size(); ++b) {
    const SentenceSubwords& s = *sentences[b];
    maxTokens = std::max<int64_t>(maxTokens, static_cast<int64_t>(s.pieces.size()));
    const auto windows = subwordWindows(static_cast<int64_t>(s.ids.size()), inner, stride);
    const auto chosen = tokenWindows(s.pieces, windows);
    const int64_t firstRow = static_cast<int64_t>(rows.size());
    for (const SubwordWindow& w : windows) {
      std::vector<int64_t> row{special.cls};
      for (int64_t i = w.begin; i < w.end; ++i) row.push_back(s.ids[static_cast<size_t>(i)]);
      row.push_back(special.sep);
      rows.push_back(std::move(row));
    }
    for (size_t t = 0; t < s.pieces.size(); ++t) {
      if (chosen[t] < 0) continue;
      const SubwordWindow& w = windows[static_cast<size_t>(chosen[t])];
      Slot slot{static_cast<int64_t>(b), static_cast<int64_t>(t), {}};
      const int64_t last =
          pooling == Pooling::First ? s.pieces[t].first + 1 : std::min(s.pieces[t].last, w.end);
      for (int64_t p = s.pieces[t].first; p < last; ++p)
        slot.at.emplace_back(firstRow + chosen[t], p - w.begin + 1);  // +1: after the start token
      maxPieces = std::max<int64_t>(maxPieces, static_cast<int64_t>(slot.at.size()));
      slots.push_back(std::move(slot));
    }
  }
  int64_t length = 0;
  for (const auto& r : rows) length = std::max<int64_t>(length, static_cast<int64_t>(r.size()));
  const int64_t count = static_cast<int64_t>(rows.size());
  impl_->ids = torch::full({count, length}, static_cast<int64_t>(special.pad), torch::kLong);
  impl_->mask = torch::zeros({count, length}, torch::kLong);
  auto ids = impl_->ids.accessor<int64_t, 2>();
  auto mask = impl_->mask.accessor<int64_t, 2>();
  for (int64_t r = 0; r < count; ++r)
    for (size_t c = 0; c < rows[static_cast<size_t>(r)].size(); ++c) {
      ids[r][static_cast<int64_t>(c)] = rows[static_cast<size_t>(r)][c];
      mask[r][static_cast<int64_t>(c)] = 1;
    }
  const int64_t batch = static_cast<int64_t>(sentences.size());
  impl_->gather = torch::zeros({batch, maxTokens, maxPieces}, torch::kLong);
  impl_->weights = torch::zeros({batch, maxTokens, maxPieces}, torch::kFloat);
  auto g = impl_->gather.accessor<int64_t, 3>();
  auto wt = impl_->weights.accessor<float, 3>();
  for (const Slot& s : slots) {
    for (size_t k = 0; k < s.at.size(); ++k) {
      g[s.batch][s.token][static_cast<int64_t>(k)] = s.at[k].first * length + s.at[k].second;
      wt[s.batch][s.token][static_cast<int64_t>(k)] = 1.0f / static_cast<float>(s.at.size());
    }
  }
}

SubwordBatch::~SubwordBatch() = default;
SubwordBatch::SubwordBatch(SubwordBatch&&) noexcept = default;
SubwordBatch& SubwordBatch::operator=(SubwordBatch&&) noexcept = default;

const at::Tensor& SubwordBatch::ids() const { return impl_->ids; }
const at::Tensor& SubwordBatch::mask() const { return impl_->mask; }

at::Tensor SubwordBatch::tokenStates(const at::Tensor& windowStates) const {
  const int64_t hidden = windowStates.size(2);
  const torch::Tensor flat = windowStates.reshape({-1, hidden});
  const auto& g = impl_->gather;
  const torch::Tensor picked =
      flat.index_select(0, g.reshape({-1})).view({g.size(0), g.size(1), g.size(2), hidden});
  return (picked * impl_->weights.to(picked.scalar_type()).unsqueeze(-1)).sum(2);
}

void SubwordBatch::to(const std::string& device) {
  const torch::Device d(device);
  impl_->ids = impl_->ids.to(d);
  impl_->mask = impl_->mask.to(d);
  impl_->gather = impl_->gather.to(d);
  impl_->weights = impl_->weights.to(d);
}

}  // namespace spanforge::transformer
