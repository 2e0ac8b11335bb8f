#pragma once

#include <stdexcept>
#include <string>

namespace spanforge::train {

// Training cannot start or go on for a reason the user can fix: no data, too
// few examples, no entities, a loss that diverged, memory exhausted. what()
// is a complete sentence meant for the user.
class TrainingError : public std::runtime_error {
 public:
  explicit TrainingError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace spanforge::train
