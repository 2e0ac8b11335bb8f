#pragma once

#include "cli/command.h"

namespace spanforge::cli {

// train-worker (hidden): one rank (RANK >= 1) of a run whose rank 0 started
// it, from `train --nproc N` or the GUI. Takes its job from rank 0 through
// the rendezvous (RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT) and trains its
// share; rank 0 reports. Errors go to stderr, prefixed with the rank.
class TrainWorkerCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;
};

}  // namespace spanforge::cli
