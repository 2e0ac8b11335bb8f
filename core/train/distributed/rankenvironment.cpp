#include "train/distributed/rankenvironment.h"

#include "train/distributed/distributederror.h"

#include <cstdlib>
#include <string>

namespace spanforge::train {
namespace {

const char* get(const char* name) {
  const char* v = std::getenv(name);
  return v && *v ? v : nullptr;
}

int integer(const char* name, int lo, int hi, std::optional<int> fallback = std::nullopt) {
  const char* v = get(name);
  if (!v) {
    if (fallback) return *fallback;
    throw DistributedError(std::string("environment variable ") + name +
                           " is not set (WORLD_SIZE is, so this is a multi-process run)");
  }
  char* end = nullptr;
  const long n = std::strtol(v, &end, 10);
  if (*end != '\0' || n < lo || n > hi)
    throw DistributedError(std::string("environment variable ") + name + "=\"" + v +
                           "\": expected a whole number from " + std::to_string(lo) + " to " +
                           std::to_string(hi));
  return static_cast<int>(n);
}

}  // namespace

std::optional<RankEnvironment> RankEnvironment::fromEnvironment() {
  if (!get("WORLD_SIZE")) return std::nullopt;
  RankEnvironment env;
  env.worldSize = integer("WORLD_SIZE", 1, 4096);
  env.rank = integer("RANK", 0, env.worldSize - 1);
  env.localRank = integer("LOCAL_RANK", 0, env.worldSize - 1, env.rank);
  if (const char* addr = get("MASTER_ADDR"))
    env.masterAddr = addr;
  else if (env.worldSize > 1)
    throw DistributedError("environment variable MASTER_ADDR is not set (the host of rank 0)");
  env.masterPort =
      integer("MASTER_PORT", 1, 65535, env.worldSize > 1 ? std::nullopt : std::optional<int>(0));
  return env;
}

}  // namespace spanforge::train
