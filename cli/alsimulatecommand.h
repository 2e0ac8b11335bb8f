#pragma once

#include "cli/command.h"

#include <cstdint>
#include <string>

namespace spanforge::cli {

// al-simulate --train FILE --dev FILE --test FILE [--strategy S]
//   [--seed-fraction F] [--step-fraction F] [--rounds N] [--config FILE]
//   [--max-minutes M] [--json] [--seed N] [--diverse] [--threads N]
//   [--models-dir DIR]: the active-learning curve the strategy would give,
// simulated with the gold labels of the training file.
class AlSimulateCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string train_;
  std::string dev_;
  std::string test_;
  std::string strategy_ = "lc";
  double seedFraction_ = 0.02;
  double stepFraction_ = 0.02;
  int64_t rounds_ = 0;
  std::string config_;
  double maxMinutes_ = -1.0;
  bool json_ = false;
  uint64_t seed_ = 0;
  bool diverse_ = false;
  int threads_ = 0;
  std::string modelsDir_;
};

}  // namespace spanforge::cli
