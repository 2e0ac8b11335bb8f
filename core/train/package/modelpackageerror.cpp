#include "train/package/modelpackageerror.h"

namespace spanforge::train {

ModelPackageError::ModelPackageError(std::string path, std::string message)
    : std::runtime_error(path + ": " + message),
      path_(std::move(path)),
      message_(std::move(message)) {}

}  // namespace spanforge::train
