#include "cli/trainworkercommand.h"

#include "cli/interruptguard.h"
#include "train/distributed/distributederror.h"
#include "train/distributed/localgroup.h"
#include "train/distributed/processgroup.h"
#include "train/distributed/rankjob.h"
#include "train/trainer.h"

#include <CLI/CLI.hpp>

namespace spanforge::cli {

CLI::App* TrainWorkerCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand("train-worker", "One rank of a multi-process training run");
  cmd->group("");  // started by train --nproc and the GUI, never by hand
  return cmd;
}

int TrainWorkerCommand::run(Console& console) {
  // Ctrl-C in the terminal reaches every rank: each asks the others to stop.
  const InterruptGuard interrupt;
  const auto env = train::RankEnvironment::fromEnvironment();
  if (!env || env->rank == 0) {
    console.err << "error: train-worker runs as rank 1 or above of a run started by train "
                   "--nproc; RANK and WORLD_SIZE are not set for that\n";
    return kBadInput;
  }
  try {
    train::ProcessGroup group(*env, train::LocalGroup::kTimeout);
    train::RankJob job = train::RankJob::receive(group);
    group.connect();
    train::TrainerOptions options;
    options.resumeFrom = job.resumeFrom;
    options.cancel = &interrupt.flag();
    options.group = &group;
    train::Trainer trainer(job.config, std::move(job.train), train::Corpus{}, std::string{},
                           std::move(options));
    const train::FinishedEvent result = trainer.run();
    if (result.reason != train::FinishReason::Failed) return kOk;
    console.err << "error: rank " << env->rank << ": " << result.message << "\n";
  } catch (const train::DistributedError& x) {
    console.err << "error: " << x.what() << "\n";
  }
  return kBadInput;
}

}  // namespace spanforge::cli
