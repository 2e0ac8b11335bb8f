#pragma once

#include "cli/command.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::cli {

// al-simulate --train FILE --dev FILE --test FILE [--strategy S[,S...]|all]
//   [--seed N[,N...]] [--seed-fraction F] [--step-fraction F] [--rounds N]
//   [--config FILE] [--max-steps N] [--max-epochs N] [--max-minutes M]
//   [--full-f1 F] [--pretrain] [--json] [--diverse] [--threads N]
//   [--models-dir DIR [--resume]]:
// the active-learning curves the strategies would give, simulated with the
// gold labels of the training file, for each seed, and their mean.
class AlSimulateCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string train_;
  std::string dev_;
  std::string test_;
  std::vector<std::string> strategies_{"lc"};
  std::vector<uint64_t> seeds_{0};
  double seedFraction_ = 0.02;
  double stepFraction_ = 0.02;
  int64_t rounds_ = 0;
  std::string config_;
  int64_t maxSteps_ = -1;
  int64_t maxEpochs_ = -1;
  double maxMinutes_ = -1.0;
  double fullF1_ = -1.0;
  bool json_ = false;
  bool diverse_ = false;
  bool pretrain_ = false;
  std::string retrain_;  // empty: active::defaultAlRetrain
  bool resume_ = false;
  int threads_ = 0;
  std::string modelsDir_;
};

}  // namespace spanforge::cli
