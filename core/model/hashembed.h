#pragma once

#include <cstdint>
#include <memory>
#include <string>

// Torch types stay forward-declared: no core header includes torch.
namespace at {
class Tensor;
}
namespace torch::nn {
class Module;
}

namespace spanforge::model {

// spaCy-style hashed embeddings: one table of `rows` x `dim` per feature;
// a token's vector for a feature is the sum of the rows its seeds hash to,
// and the features' vectors are concatenated. Needs no vocabulary, so a
// model never meets an unknown word. Parameters live on `owner`.
class HashEmbed {
 public:
  HashEmbed(torch::nn::Module& owner, const std::string& name, int64_t features, int64_t rows,
            int64_t dim);
  ~HashEmbed();
  HashEmbed(const HashEmbed&) = delete;
  HashEmbed& operator=(const HashEmbed&) = delete;

  // ids [B, T, features, seeds] int64 in [0, rows) -> [B, T, features * dim].
  at::Tensor forward(const at::Tensor& ids) const;
  int64_t outputDim() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::model
