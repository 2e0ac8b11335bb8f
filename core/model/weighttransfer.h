#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::model {

class NerModel;

// What WeightTransfer::copy did, parameter by parameter.
struct WeightTransferReport {
  std::vector<std::string> copied;     // whole parameter copied
  std::vector<std::string> remapped;   // tag-dependent: rows/cols of shared tags copied
  std::vector<std::string> untouched;  // missing in the source or of another shape
};

// Continues training a model with more labels (--resume-from): copies every
// parameter of `from` into `to` that has the same name and shape, and for
// the tag-dependent ones (output layer rows, CRF start/end/transition
// scores) the entries of the tags both models have, matched by tag name
// ("B-PER" to "B-PER"). Entries of new tags keep their fresh initialisation.
class WeightTransfer {
 public:
  // Both models must be on the CPU or the same device. Throws
  // std::invalid_argument when the tag schemes differ.
  static WeightTransferReport copy(NerModel& from, NerModel& to);
};

}  // namespace spanforge::model
