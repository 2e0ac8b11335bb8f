#pragma once

#include <stdexcept>

namespace spanforge::train {

// A multi-process run cannot go on: a rank died, hung past the timeout,
// failed, or was started with a bad environment. The message names the rank.
class DistributedError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace spanforge::train
