#include "active/keptpretraining.h"

#include "train/config/tomlconfig.h"
#include "train/package/modelpackage.h"
#include "train/package/modelpackageerror.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace spanforge::active {

std::optional<train::PretrainSummary> KeptPretraining::find(const std::string& dir,
                                                            const train::TrainConfig& config,
                                                            int64_t sentences) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (dir.empty() || config.pretraining.maxMinutes > 0 ||
      !fs::is_regular_file(fs::path(dir) / train::PretrainedWeights::kMetaFile, ec))
    return std::nullopt;
  train::PretrainSummary summary;
  try {
    summary = train::PretrainedWeights::readSummary(dir);
  } catch (const train::ModelPackageError&) {
    return std::nullopt;  // half-written or damaged: pretrain again
  }
  if (!summary.finished || summary.sentences != sentences) return std::nullopt;
  // Written as toToml(config) by the pretraining: the same text is the same config.
  std::ifstream in(fs::path(dir) / train::ModelPackage::kConfigFile, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in || text.str() != train::toToml(config)) return std::nullopt;
  return summary;
}

}  // namespace spanforge::active
