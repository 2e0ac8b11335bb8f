#include "cli/upgradepackagecommand.h"

#include "train/package/legacypackage.h"
#include "train/package/legacypackageerror.h"
#include "train/package/modelpackage.h"
#include "train/pretrain/pretrainedweights.h"

#include <CLI/CLI.hpp>

#include <filesystem>

namespace spanforge::cli {

CLI::App* UpgradePackageCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "upgrade-package",
      "Convert a model package or pretrained-weights folder written before Spanforge stored "
      "weights as safetensors. Its weights.pt is a PyTorch archive, and loading one runs any "
      "code it holds, so Spanforge no longer loads it; this converts it in place (config, "
      "vectors, known words and metadata kept) for a folder whose origin you trust.");
  cmd->add_option("DIR", dir_, "Model package or pretrained-weights folder")
      ->required()
      ->check(CLI::ExistingDirectory);
  cmd->add_flag("--trust", trust_,
                "Confirm that you trust where the folder came from: converting runs weights.pt");
  return cmd;
}

int UpgradePackageCommand::run(Console& console) {
  using train::LegacyPackage;
  const LegacyPackage::Kind kind = LegacyPackage::kindOf(dir_);
  if (kind == LegacyPackage::Kind::None) {
    // Say what it is: current (nothing to do) or the loader's own error.
    namespace fs = std::filesystem;
    if (fs::exists(fs::path(dir_) / train::PretrainedWeights::kMetaFile) &&
        !fs::exists(fs::path(dir_) / train::ModelPackage::kMetaFile)) {
      train::PretrainedWeights::readSummary(dir_);
      console.out << dir_ << " is a pretrained-weights folder in the current format ("
                  << train::ModelPackage::kWeightsFile << "); nothing to do\n";
    } else {
      train::ModelPackage::readInfo(dir_);
      console.out << dir_ << " is a model package in the current format ("
                  << train::ModelPackage::kWeightsFile << "); nothing to do\n";
    }
    return kOk;
  }
  if (!trust_) {
    console.err << "error: " << dir_
                << " holds weights.pt, a PyTorch archive; loading one runs any code it holds, "
                   "so converting it is as safe as running a program from whoever made it. If "
                   "you trust where it came from, run again with --trust: spanforge-cli "
                   "upgrade-package "
                << train::LegacyPackageError::shellWord(dir_) << " --trust\n";
    return kBadInput;
  }
  LegacyPackage::upgrade(dir_);
  console.out << "Upgraded "
              << (kind == LegacyPackage::Kind::ModelPackage ? "model package "
                                                            : "pretrained-weights folder ")
              << dir_ << ": weights.pt converted to " << train::ModelPackage::kWeightsFile
              << " (format " << train::ModelPackage::kFormatVersion << ")\n";
  return kOk;
}

}  // namespace spanforge::cli
