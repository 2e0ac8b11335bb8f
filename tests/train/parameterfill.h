#pragma once

// Sets and checks every parameter of a model, for the weight-averaging tests.
#include "model/nermodel.h"

#include <torch/torch.h>

namespace spanforge::train::testing {

inline void fillParameters(model::NerModel& m, double value) {
  torch::NoGradGuard noGrad;
  for (auto& p : m.module().parameters()) p.fill_(value);
}

// Every trainable parameter holds `value` (within float precision).
inline bool allParametersAre(model::NerModel& m, double value) {
  for (const auto& p : m.module().parameters())
    if (p.requires_grad() && !torch::allclose(p, torch::full_like(p, value), 1e-6, 1e-6))
      return false;
  return true;
}

}  // namespace spanforge::train::testing
