#pragma once

#include "train/config/trainconfig.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace spanforge::train {

// The seeded dev draw over candidate documents, given by their ids: true for
// those held out, round(devFraction * n) of them, at least one and never all;
// empty pools and pools of one give no dev document. A document's place in
// the draw is a hash of the seed and its id alone, so labelling more
// documents moves at most the few at the border, never reshuffles the rest
// (a draw by position redrew every document when one more was accepted).
// Training and the evaluation view share it. The dev set a run held out is
// stored with the run (store::RunRepository::setDevDocuments), which is what
// scores that run's model later.
std::vector<bool> drawDev(const std::vector<int64_t>& documentIds, const DataSettings& settings);

}  // namespace spanforge::train
