#pragma once

// Catch's REQUIRE, not glog's (see torchcatch.h).
#include "torchcatch.h"

#include "model/nermodel.h"
#include "train/package/modelpackage.h"

#include <torch/torch.h>

#include <algorithm>
#include <string>

namespace spanforge::train::testing {

// The largest absolute difference between two packages' weights, parameter
// by parameter (the packages must have the same parameters).
inline double maxWeightDifference(const std::string& a, const std::string& b) {
  ModelPackage pa = ModelPackage::load(a);
  ModelPackage pb = ModelPackage::load(b);
  auto x = pa.model().module().named_parameters();
  auto y = pb.model().module().named_parameters();
  REQUIRE(x.size() == y.size());
  double worst = 0.0;
  for (const auto& item : x) {
    const auto& other = y[item.key()];
    REQUIRE(other.sizes() == item.value().sizes());
    worst = std::max(worst, (item.value() - other).abs().max().item<double>());
  }
  return worst;
}

}  // namespace spanforge::train::testing
