#include "train/pretrain/chartargets.h"

#include "model/batch.h"

#include <torch/torch.h>

namespace spanforge::train {

at::Tensor CharTargets::build(const model::Batch& batch, int64_t n) {
  const int64_t b = batch.size();
  const int64_t t = batch.maxLength();
  torch::Tensor out = torch::full({b, t, 2 * n}, kIgnore, torch::kInt64);
  auto a = out.accessor<int64_t, 3>();
  for (int64_t i = 0; i < b; ++i) {
    const model::SentenceFeatures& s = batch.sentence(i);
    for (int64_t tok = 0; tok < s.length; ++tok) {
      const int64_t* row = s.charIds.data() + tok * s.charWidth;
      int64_t chars = 0;
      while (chars < s.charWidth && row[chars] != kIgnore) ++chars;
      for (int64_t k = 0; k < n && k < chars; ++k) {
        a[i][tok][k] = row[k];
        a[i][tok][n + k] = row[chars - 1 - k];
      }
    }
  }
  return out;
}

}  // namespace spanforge::train
