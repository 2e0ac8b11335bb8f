#pragma once

#include <sys/types.h>
#include <chrono>
#include <string>
#include <vector>

namespace spanforge::train {

// Starts ranks 1..N-1 of a run on this machine as child processes
// (`executable arguments...` with RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR
// and MASTER_PORT set) and owns them: the destructor ends any still running
// (SIGTERM, then SIGKILL after a grace period) and reaps them. A child is
// also killed when the thread that started it ends (PR_SET_PDEATHSIG), so a
// crashed parent leaves none behind. Throws DistributedError when one cannot
// be started.
class RankLauncher {
 public:
  RankLauncher(const std::string& executable, const std::vector<std::string>& arguments,
               int worldSize, int port);
  ~RankLauncher();
  RankLauncher(const RankLauncher&) = delete;
  RankLauncher& operator=(const RankLauncher&) = delete;

  // Children that ended badly so far, e.g. "rank 1 was killed by signal 9
  // (Killed)" or "rank 2 exited with status 1"; waits up to `grace` for a
  // first one (a collective often sees a peer die before waitpid does).
  std::vector<std::string> failures(std::chrono::milliseconds grace = {});
  // Waits up to `timeout` for every child to exit, then ends the rest.
  void join(std::chrono::milliseconds timeout);

 private:
  struct Child {
    int rank;
    pid_t pid;
    bool done = false;
    int status = 0;
  };
  void reap(bool block);
  void terminateAll();
  std::vector<Child> children_;
};

}  // namespace spanforge::train
