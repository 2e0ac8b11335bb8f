#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace at {
class Tensor;
}
namespace torch::nn {
class Module;
}

namespace spanforge::model {

// The auxiliary language-model objective of training (Rei 2017): from the
// forward half of a one-layer BiLSTM's output at token t, predict token
// t+1; from the backward half, token t-1. Neither half has read the token
// it predicts, so the encoder learns about context without peeking. What is
// predicted are the neighbour's first and last kCharacters characters
// (ASCII, other characters as one class), which costs a small fraction of
// a word-level softmax and says most of what a word is.
class LanguageModelHead {
 public:
  static constexpr int64_t kCharacters = 3;
  static constexpr int64_t kClasses = 128;  // ASCII; 127 stands for any other character

  // `hidden`: units per direction of the encoder whose output it reads.
  LanguageModelHead(torch::nn::Module& owner, int64_t hidden);
  ~LanguageModelHead();

  // The characters each token slot predicts about itself, [B, T, 2 * kCharacters]
  // int64 (first, second, third, then last, second to last, third to last;
  // 0 where a token is shorter, for padding and empty tokens), from the
  // length buckets and order as BatchTensors makes them.
  static at::Tensor targets(const std::vector<at::Tensor>& charBuckets, const at::Tensor& charOrder,
                            int64_t batch, int64_t steps);

  // Cross-entropy summed over the predicted characters of both directions,
  // divided by 2 * kCharacters and by the sentences: per sentence, like the
  // CRF's negative log-likelihood it is added to.
  // encoded [B, T, 2 * hidden] (forward half first), targets as above.
  at::Tensor loss(const at::Tensor& encoded, const at::Tensor& targets) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::model
