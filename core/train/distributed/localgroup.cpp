#include "train/distributed/localgroup.h"

#include "train/distributed/distributederror.h"
#include "train/distributed/processgroup.h"
#include "train/distributed/rankjob.h"
#include "train/distributed/ranklauncher.h"

#include <thread>

namespace spanforge::train {

LocalGroup::LocalGroup(const std::string& executable, int processes, const RankJob& job,
                       std::chrono::milliseconds timeout) {
  RankEnvironment env;
  env.worldSize = processes;
  group_ = std::make_unique<ProcessGroup>(env, timeout);
  job.publish(*group_);
  launcher_ = std::make_unique<RankLauncher>(executable, std::vector<std::string>{"train-worker"},
                                             processes, group_->port());
  // Workers say they are ready once they hold the job: until then a worker
  // that fails to start is seen here at once, not after the timeout.
  const auto until = std::chrono::steady_clock::now() + timeout;
  for (int rank = 1; rank < processes; ++rank) {
    while (!group_->has(RankJob::readyKey(rank))) {
      const auto failed = launcher_->failures();
      if (!failed.empty()) throw DistributedError(failed.front() + " before training started");
      if (std::chrono::steady_clock::now() >= until)
        throw DistributedError("rank " + std::to_string(rank) + " did not start within " +
                               std::to_string(timeout.count() / 1000) + " s");
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  try {
    group_->connect();
  } catch (const DistributedError& x) {
    const std::string why = failures();
    throw DistributedError(why.empty() ? x.what() : why + " before training started");
  }
}

LocalGroup::~LocalGroup() = default;  // the launcher ends the workers

ProcessGroup& LocalGroup::group() { return *group_; }

std::string LocalGroup::failures() {
  std::string out;
  for (const auto& f : launcher_->failures(std::chrono::seconds(2)))
    out += (out.empty() ? "" : "; ") + f;
  return out;
}

void LocalGroup::finish() { launcher_->join(std::chrono::seconds(10)); }

}  // namespace spanforge::train
