#pragma once

#include <cstdint>

namespace at {
class Tensor;
}
namespace spanforge::model {
class Batch;
}

namespace spanforge::train {

// What pretraining predicts for each token: its first n and last n
// characters as char ids ([B, T, 2n] int64: first, second, ..., then last,
// second to last, ...), kIgnore where a token is shorter than n or a slot
// is padding.
class CharTargets {
 public:
  static constexpr int64_t kIgnore = 0;  // the char id of padding
  static at::Tensor build(const model::Batch& batch, int64_t n);
};

}  // namespace spanforge::train
