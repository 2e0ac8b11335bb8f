#pragma once

#include "train/config/trainconfig.h"

#include <cstddef>
#include <vector>

namespace spanforge::train {

// The seeded dev draw over `poolSize` candidate documents: true for those held
// out, round(devFraction * poolSize) of them, at least one and never all.
// Empty pools and pools of one give no dev document. Training and the
// evaluation view share it, so both see the same dev set.
std::vector<bool> drawDev(size_t poolSize, const DataSettings& settings);

}  // namespace spanforge::train
