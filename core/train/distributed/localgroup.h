#pragma once

#include <chrono>
#include <memory>
#include <string>

namespace spanforge::train {

class ProcessGroup;
class RankLauncher;
struct RankJob;

// Rank 0 of a run on this machine that starts its own workers: serves the
// rendezvous on a free loopback port, hands `job` to `processes - 1` worker
// processes (`executable train-worker`), waits until all have joined, and
// owns them until destroyed. Throws DistributedError when that fails.
class LocalGroup {
 public:
  static constexpr std::chrono::seconds kTimeout{300};

  LocalGroup(const std::string& executable, int processes, const RankJob& job,
             std::chrono::milliseconds timeout = kTimeout);
  ~LocalGroup();
  LocalGroup(const LocalGroup&) = delete;
  LocalGroup& operator=(const LocalGroup&) = delete;

  ProcessGroup& group();
  // After a failed run, why workers ended, e.g. "rank 1 was killed by signal
  // 9 (Killed)"; empty when none did.
  std::string failures();
  // After a run: lets the workers exit, ending any that do not.
  void finish();

 private:
  std::unique_ptr<ProcessGroup> group_;
  std::unique_ptr<RankLauncher> launcher_;
};

}  // namespace spanforge::train
