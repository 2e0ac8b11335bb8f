#pragma once

#include "train/distributed/gradientsync.h"
#include "train/trainevent.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace torch::nn {
class Module;
}

namespace spanforge::train {

class ProcessGroup;

// What keeps a Trainer's ranks in step: they check each other's job, take
// rank 0's weights and batch size, and end every step in one exchange of
// figures that also carries stop requests, so every rank leaves at the same
// step and none waits in a collective for one that has gone. Errors are
// DistributedError naming the ranks.
class RankCoordinator {
 public:
  // A rank's code in a step's exchange: kDiverged (a NaN or infinite loss),
  // or kStop + FinishReason to ask every rank to stop (0: carry on).
  static constexpr int kDiverged = 1;
  static constexpr int kStop = 2;

  struct StepResult {
    std::optional<FinishReason> stop;  // some rank asked: no update was made
    int divergedRank = -1;             // the first rank whose loss was not finite
    double loss = 0.0;                 // summed over ranks
    int64_t words = 0;
    std::vector<RankStatus> ranks;
  };

  RankCoordinator(ProcessGroup& group, torch::nn::Module& module);
  ~RankCoordinator();
  RankCoordinator(const RankCoordinator&) = delete;
  RankCoordinator& operator=(const RankCoordinator&) = delete;

  // Publishes this rank's fingerprint (see runFingerprint) and compares:
  // rank 0 with every rank, the others with rank 0; then rank 0's weights to all.
  void join(const std::string& fingerprint);
  // Rank 0 calls `measure` and hands its result to the others, who wait for
  // it; 0 (rank 0 could not choose) fails the others.
  int64_t agreeOnBatchWords(const std::function<int64_t()>& measure);
  // The step's exchange (GradientSync::allReduce): figures, stop codes and,
  // unless some rank asked to stop, the gradients.
  StepResult exchange(const RankFigures& mine);
  // Rank 0 stopped after a step the others have finished: they are in the
  // next exchange, so end it for them.
  void announceStop(FinishReason reason);

  // Every rank unfroze parameters at the same step (the vectors, after the
  // same epochs): their gradients are summed from the next exchange on.
  void trainableChanged(torch::nn::Module& module);

  static int stopCode(FinishReason reason) { return kStop + static_cast<int>(reason); }

 private:
  ProcessGroup& group_;
  std::unique_ptr<GradientSync> sync_;
};

}  // namespace spanforge::train
