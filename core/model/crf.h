#pragma once

#include "model/crfscores.h"

#include <memory>

namespace at {
class Tensor;
}
namespace torch::nn {
class Module;
}

namespace spanforge::model {

class TagSet;

// Linear-chain CRF: learned start, end and transition scores plus a fixed
// penalty (-1e4) on every start, end and transition the tag scheme forbids,
// so no invalid tag sequence ever gets probability worth speaking of
// (CrfLattice, fed by scores(), excludes them exactly).
//
// Batched training computations; all take emissions [B, T, K] float and a
// mask [B, T] bool that is true on the first length(b) positions of row b.
// Rows with length 0 give 0.
class Crf {
 public:
  Crf(torch::nn::Module& owner, const TagSet& tags);
  ~Crf();
  Crf(const Crf&) = delete;
  Crf& operator=(const Crf&) = delete;

  // log Z per sentence [B], by the forward algorithm.
  at::Tensor logPartition(const at::Tensor& emissions, const at::Tensor& mask) const;
  // Score of the given paths [B]; tags [B, T] int64 (any valid id on padding).
  at::Tensor pathScore(const at::Tensor& emissions, const at::Tensor& tags,
                       const at::Tensor& mask) const;
  // -log P(tags) per sentence [B].
  at::Tensor negLogLikelihood(const at::Tensor& emissions, const at::Tensor& tags,
                              const at::Tensor& mask) const;

  // The constrained scores in double precision, forbidden ones -infinity.
  CrfScores scores() const;
  // Sets the learned scores (tests; K*K, K, K values).
  void setScores(const CrfScores& learned);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::model
