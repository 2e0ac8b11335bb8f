#include "train/distributed/workerexecutable.h"

#include <cstdlib>
#include <filesystem>

namespace spanforge::train {

std::string workerExecutable() {
  if (const char* v = std::getenv("SPANFORGE_WORKER_EXECUTABLE"); v && *v) return v;
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "spanforge-cli";
  return (self.parent_path() / "spanforge-cli").string();
}

}  // namespace spanforge::train
