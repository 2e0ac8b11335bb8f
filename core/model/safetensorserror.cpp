#include "model/safetensorserror.h"

namespace spanforge::model {

SafetensorsError::SafetensorsError(std::string path, std::string message)
    : std::runtime_error(path + ": " + message),
      path_(std::move(path)),
      message_(std::move(message)) {}

}  // namespace spanforge::model
