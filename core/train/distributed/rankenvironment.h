#pragma once

#include <optional>
#include <string>

namespace spanforge::train {

// Where this process sits in a multi-process run, in torchrun's terms.
struct RankEnvironment {
  int rank = 0;
  int worldSize = 1;
  int localRank = 0;
  std::string masterAddr = "127.0.0.1";
  int masterPort = 0;  // 0: rank 0 picks a free port

  // From RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR and MASTER_PORT, as torchrun
  // sets them; nullopt when WORLD_SIZE is unset. Throws DistributedError
  // naming the variable when one is missing or malformed.
  static std::optional<RankEnvironment> fromEnvironment();
};

}  // namespace spanforge::train
