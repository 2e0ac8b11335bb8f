#pragma once

#include <stdexcept>
#include <string>

namespace spanforge::transformer {

// A Hugging Face model folder that cannot be used: a file missing, of the
// wrong kind or size, not as its format says, or sizes the weights do not
// have. Bad input (the CLI's exit 1), never an internal error; what() names
// the folder or file first ("FOLDER/config.json: num_hidden_layers ...").
class ModelFolderError : public std::runtime_error {
 public:
  explicit ModelFolderError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace spanforge::transformer
