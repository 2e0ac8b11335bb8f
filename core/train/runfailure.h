#pragma once

#include <string>

namespace spanforge::train {

// Why a run failed (FinishReason::Failed), for callers that map failures to
// exit codes: all but Internal can be fixed by the user (other data or
// device, a lower learning rate, smaller batches, a sound package); Internal
// is a bug.
// Distributed: another rank died, hung or failed, or the ranks disagree.
enum class FailureKind {
  None,
  Data,
  Config,
  Diverged,
  OutOfMemory,
  Package,
  Distributed,
  Internal
};

// What ended a run, with a complete sentence for the user. Thrown inside the
// trainer; every other exception is mapped to one by fromCurrentException().
struct RunFailure {
  FailureKind kind = FailureKind::Internal;
  std::string message;

  // The failure the exception now being handled stands for; call it only
  // inside a catch block. `device` names where memory ran out.
  static RunFailure fromCurrentException(const std::string& device);
};

}  // namespace spanforge::train
