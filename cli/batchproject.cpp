#include "cli/batchproject.h"

namespace spanforge::cli {
namespace {
constexpr int kBatchBusyTimeoutMs = 120'000;
}

std::unique_ptr<store::ProjectStore> openForBatchWrites(const std::string& path) {
  auto project = store::ProjectStore::open(path);
  project->db().setBusyTimeout(kBatchBusyTimeoutMs);
  return project;
}

}  // namespace spanforge::cli
