#include "io/scratchdirectory.h"
#include "io/removetree.h"

#include <random>
#include <stdexcept>
#include <system_error>

namespace spanforge::io {

namespace fs = std::filesystem;

ScratchDirectory::ScratchDirectory(const std::string& prefix) {
  std::random_device rd;
  for (int attempt = 0; attempt < 100; ++attempt) {
    path_ = fs::temp_directory_path() / (prefix + std::to_string(rd()) + std::to_string(rd()));
    std::error_code ec;
    if (fs::create_directory(path_, ec)) return;
  }
  throw std::runtime_error("cannot create a temporary directory in " +
                           fs::temp_directory_path().string());
}

ScratchDirectory::~ScratchDirectory() {
  std::error_code ec;
  io::removeTree(path_, ec);
}

}  // namespace spanforge::io
