#include "active/keptround.h"

#include "train/config/tomlconfig.h"
#include "train/package/modelpackageerror.h"

#include <filesystem>

namespace spanforge::active {

std::unique_ptr<train::ModelPackage> KeptRound::find(const std::string& dir,
                                                     const train::TrainConfig& config,
                                                     const train::Corpus& data,
                                                     const std::string& resumeFrom) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (dir.empty() || !fs::is_regular_file(fs::path(dir) / train::ModelPackage::kMetaFile, ec))
    return nullptr;
  train::PackageInfo info;
  try {
    info = train::ModelPackage::readInfo(dir);
  } catch (const train::ModelPackageError&) {
    return nullptr;  // half-written: train again
  }
  // The labelled set is identified by its size in sentences, words and
  // entities: another selection from the same pool matching all three is
  // not a practical risk.
  const bool sameData = info.trainSentences == static_cast<int64_t>(data.size()) &&
                        info.trainWords == data.words() && info.trainEntities == data.entities();
  const bool finished = info.finishReason != "cancelled" && info.finishReason != "failed";
  const auto canonical = [](const std::string& path) {
    std::error_code ignored;
    return path.empty() ? path : fs::weakly_canonical(path, ignored).string();
  };
  if (!sameData || !finished || canonical(info.resumedFrom) != canonical(resumeFrom))
    return nullptr;
  auto package = std::make_unique<train::ModelPackage>(train::ModelPackage::load(dir));
  if (train::toToml(package->config()) != train::toToml(config)) return nullptr;
  return package;
}

}  // namespace spanforge::active
