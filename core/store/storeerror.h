#pragma once

#include <stdexcept>
#include <string>

namespace spanforge::store {

// Thrown for anything the store refuses or cannot do; what() is a message a
// user can read (it names the file, document or label involved).
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace spanforge::store
