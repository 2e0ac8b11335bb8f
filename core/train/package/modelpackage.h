#pragma once

#include "train/config/trainconfig.h"
#include "train/package/packageinfo.h"

#include <cstdint>
#include <memory>
#include <string>

namespace spanforge::model {
class NerModel;
}

namespace spanforge::train {

// A trained model on disk: a directory holding
//   weights.safetensors - NerModel::saveWeights (learned parameters; data only)
//   config.toml  - the full training config used (toToml)
//   meta.json    - PackageInfo: format version, labels, tag scheme, data
//                  sizes, dev/test metrics, vectors, size and XXH3 of every file
//   vectors.bin  - pretrained vectors (VectorsFile), only when the model has them
//   known_words.txt - the training words (KnownWords), when model.unknown_words
// written to a temporary sibling and moved into place (AtomicDirectory).
class ModelPackage {
 public:
  // 2: weights in safetensors. 1 (weights.pt, a TorchScript archive that can
  // run code when loaded) is refused with LegacyPackageError; LegacyPackage
  // converts it for a user who trusts its origin.
  static constexpr int64_t kFormatVersion = 2;
  static constexpr const char* kWeightsFile = "weights.safetensors";
  static constexpr const char* kLegacyWeightsFile = "weights.pt";
  static constexpr const char* kConfigFile = "config.toml";
  static constexpr const char* kMetaFile = "meta.json";
  static constexpr const char* kVectorsFile = "vectors.bin";
  static constexpr const char* kKnownWordsFile = "known_words.txt";

  // Writes `model` with `config` and `info` (format version, versions,
  // creation time, labels, scheme, vectors and files are filled in) to
  // `dir`, replacing a package already there. Throws ModelPackageError
  // naming the file; `dir` is then unchanged.
  static void write(const std::string& dir, const model::NerModel& model, const TrainConfig& config,
                    PackageInfo info);

  // Throws ModelPackageError when `dir` exists but is not a directory, or
  // is a non-empty directory without meta.json: replacing it would destroy
  // something that is not a model package.
  static void checkReplaceable(const std::string& dir);

  // Reads meta.json only (listing models without loading them). Throws
  // LegacyPackageError for a format-1 package (weights.pt), ModelPackageError
  // for anything else it cannot use.
  static PackageInfo readInfo(const std::string& dir);

  // Reads and checks everything: format version, every file present with
  // the size and checksum meta.json records, config valid, labels and
  // weights consistent. Throws ModelPackageError naming the offending file.
  static ModelPackage load(const std::string& dir);

  ModelPackage(ModelPackage&&) noexcept;
  ModelPackage& operator=(ModelPackage&&) noexcept;
  ~ModelPackage();

  const std::string& path() const { return path_; }
  const TrainConfig& config() const { return config_; }
  const PackageInfo& info() const { return info_; }
  model::NerModel& model() { return *model_; }
  const model::NerModel& model() const { return *model_; }
  // Hands the model over (the package object is then without one).
  std::unique_ptr<model::NerModel> releaseModel();

 private:
  friend class LegacyPackage;

  ModelPackage(std::string path, TrainConfig config, PackageInfo info,
               std::unique_ptr<model::NerModel> model);
  // A format-1 package (weights.pt), checked like load(); runs the archive's
  // code, so only LegacyPackage::upgrade calls it, for a user who trusts it.
  static ModelPackage loadLegacy(const std::string& dir, PackageInfo info);
  static ModelPackage assemble(const std::string& dir, PackageInfo info, bool legacy);

  std::string path_;
  TrainConfig config_;
  PackageInfo info_;
  std::unique_ptr<model::NerModel> model_;
};

}  // namespace spanforge::train
