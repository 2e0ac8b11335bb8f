#pragma once

#include <memory>
#include <string>
#include <vector>

namespace at {
class Tensor;
}

namespace spanforge::transformer {
class SubwordBatch;
}

namespace spanforge::model {

class Batch;
class TransformerInput;

// A Batch padded into tensors on a device. Rows are sentences, padded to
// the longest; padding ids are 0 and padding tags are 0 ("O").
//
// Building one touches no autograd state and draws no random numbers, so a
// thread may build the next batches' while another trains (BatchPrefetcher).
class BatchTensors {
 public:
  // device: "cpu" or "cuda:N". `hashSeeds` checks the features' layout;
  // `withVectors` requires vector ids. Throws std::invalid_argument when
  // the batch does not fit the model. For CUDA the tensors are filled in
  // page-locked memory and copied without blocking (in stream order).
  // With `transformer` the sentences' subwords are framed into the encoder's
  // windows instead (subwords()), and the hashed, char and vector tensors
  // stay undefined.
  BatchTensors(const Batch& batch, int64_t hashSeeds, bool withVectors, const std::string& device,
               const TransformerInput* transformer = nullptr);
  ~BatchTensors();
  BatchTensors(BatchTensors&&) noexcept;
  BatchTensors& operator=(BatchTensors&&) noexcept;
  BatchTensors(const BatchTensors&) = delete;
  BatchTensors& operator=(const BatchTensors&) = delete;

  const at::Tensor& hashIds() const;  // [B, T, kFeatures, seeds] int64
  // Char ids of the real tokens grouped by length (widths 4, 8, 12, ...),
  // so the char CNN does not convolve over padding: bucket i is
  // [tokens_i, width_i] int64. charOrder() [B * T] gives, per token slot
  // (b * T + t), its row in the buckets stacked in order, or the total
  // number of bucketed tokens for padding slots and empty tokens.
  const std::vector<at::Tensor>& charBuckets() const;
  const at::Tensor& charOrder() const;
  const at::Tensor& vectorIds() const;  // [B, T] int64; undefined without vectors
  const at::Tensor& mask() const;       // [B, T] bool
  const at::Tensor& lengths() const;    // [B] int64, always on the CPU
  const at::Tensor& tags() const;       // [B, T] int64; undefined without gold
  // [B, T] bool: training singletons (SentenceFeatures::singletons);
  // undefined when no sentence has them.
  const at::Tensor& singletons() const;
  // The encoder's windows (encoder = "transformer"); null otherwise.
  const transformer::SubwordBatch* subwords() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::model
