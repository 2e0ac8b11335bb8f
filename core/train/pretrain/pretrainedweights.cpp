#include "train/pretrain/pretrainedweights.h"

#include "model/knownwords.h"
#include "model/nermodel.h"
#include "train/config/tomlconfig.h"
#include "train/package/atomicdirectory.h"
#include "train/package/legacypackageerror.h"
#include "train/package/modelpackage.h"
#include "train/package/modelpackageerror.h"
#include "train/package/packagefiles.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace spanforge::train {
namespace {

namespace fs = std::filesystem;

constexpr const char* kFormat = "spanforge-pretrained";

using PF = PackageFiles;

}  // namespace

PretrainedWeights::PretrainedWeights(TrainConfig config, PretrainSummary summary,
                                     std::unique_ptr<model::NerModel> model)
    : config_(std::move(config)), summary_(std::move(summary)), model_(std::move(model)) {}
PretrainedWeights::PretrainedWeights(PretrainedWeights&&) noexcept = default;
PretrainedWeights& PretrainedWeights::operator=(PretrainedWeights&&) noexcept = default;
PretrainedWeights::~PretrainedWeights() = default;

void PretrainedWeights::write(const std::string& dir, const model::NerModel& model,
                              const TrainConfig& config, PretrainSummary summary,
                              const PretrainExtraFile& extra) {
  if (fs::exists(dir) && !fs::exists(PF::join(dir, kMetaFile)) && !fs::is_empty(dir))
    throw ModelPackageError(dir, "exists and is not a pretrain output folder; not replaced");
  AtomicDirectory out(dir);
  try {
    model.saveWeights(out.file(ModelPackage::kWeightsFile));
  } catch (const std::exception& e) {
    throw ModelPackageError(PF::join(dir, ModelPackage::kWeightsFile), e.what());
  }
  PF::writeText(out.file(ModelPackage::kConfigFile), toToml(config));
  if (const auto known = model.knownWords()) {
    std::ostringstream words;
    known->write(words);
    PF::writeText(out.file(ModelPackage::kKnownWordsFile), words.str());
  }
  if (extra.name != nullptr) extra.write(out.file(extra.name));
  summary.created = PF::nowUtc();
  nlohmann::ordered_json j;
  j["format"] = kFormat;
  j["format_version"] = kFormatVersion;
  j["steps"] = summary.steps;
  j["epochs"] = summary.epochs;
  j["words"] = summary.words;
  j["sentences"] = summary.sentences;
  j["held_out_loss"] = summary.heldOutLoss;
  j["seconds"] = summary.seconds;
  j["created"] = summary.created;
  j["finished"] = summary.finished;
  j["files"] = nlohmann::ordered_json::object();
  for (const char* name :
       {ModelPackage::kWeightsFile, ModelPackage::kConfigFile, ModelPackage::kKnownWordsFile})
    if (fs::exists(out.file(name)))
      j["files"][name] = static_cast<int64_t>(fs::file_size(out.file(name)));
  PF::writeText(out.file(kMetaFile), j.dump(2) + "\n");
  out.commit();
}

PretrainSummary PretrainedWeights::readSummary(const std::string& dir) {
  if (!fs::is_directory(dir)) throw ModelPackageError(dir, "no such pretrained weights folder");
  const std::string metaPath = PF::join(dir, kMetaFile);
  if (!fs::exists(metaPath))
    throw ModelPackageError(metaPath, "missing (not a `spanforge-cli pretrain` output folder?)");
  PretrainSummary summary;
  try {
    const nlohmann::json j = nlohmann::json::parse(PF::readText(metaPath));
    if (!j.is_object() || j.value("format", "") != kFormat)
      throw ModelPackageError(metaPath, std::string("\"format\" is not \"") + kFormat + "\"");
    const int64_t version = j.at("format_version").get<int64_t>();
    // Format 1 held weights.pt, which runs code when loaded (LegacyPackage).
    if (version == 1) throw LegacyPackageError(dir);
    if (version != kFormatVersion)
      throw ModelPackageError(metaPath, "unsupported format_version " + std::to_string(version) +
                                            " (expected " + std::to_string(kFormatVersion) + ")");
    summary.steps = j.at("steps").get<int64_t>();
    summary.epochs = j.at("epochs").get<int64_t>();
    summary.words = j.at("words").get<int64_t>();
    summary.sentences = j.at("sentences").get<int64_t>();
    summary.heldOutLoss = j.at("held_out_loss").get<double>();
    summary.seconds = j.at("seconds").get<double>();
    summary.created = j.at("created").get<std::string>();
    summary.finished = j.value("finished", false);
  } catch (const nlohmann::json::exception& e) {
    throw ModelPackageError(metaPath, std::string("not valid: ") + e.what());
  }
  return summary;
}

PretrainedWeights PretrainedWeights::load(const std::string& dir, const std::string& tagScheme) {
  PretrainSummary summary = readSummary(dir);
  const std::string metaPath = PF::join(dir, kMetaFile);
  try {
    const nlohmann::json j = nlohmann::json::parse(PF::readText(metaPath));
    for (const auto& [name, size] : j.at("files").items()) {
      if (name.find('/') != std::string::npos || name.find("..") != std::string::npos)
        throw ModelPackageError(metaPath, "files: \"" + name + "\" is not a file of the folder");
      const std::string path = PF::join(dir, name.c_str());
      std::error_code ec;
      const auto actual = fs::file_size(path, ec);
      if (ec) throw ModelPackageError(path, "missing");
      if (static_cast<int64_t>(actual) != size.get<int64_t>())
        throw ModelPackageError(path, "has " + std::to_string(actual) + " bytes, pretrain.json " +
                                          "records " + size.dump() + " (damaged or replaced)");
    }
  } catch (const nlohmann::json::exception& e) {
    throw ModelPackageError(metaPath, std::string("not valid: ") + e.what());
  }

  const std::string configPath = PF::join(dir, ModelPackage::kConfigFile);
  const TrainConfig config = PF::readConfig(dir);
  const std::string weights = PF::join(dir, ModelPackage::kWeightsFile);
  std::error_code ec;
  const auto weightsBytes = fs::file_size(weights, ec);
  if (ec) throw ModelPackageError(weights, "missing");
  PF::checkTableFits(config.model.hashRows, config.model.wordDim,
                     static_cast<int64_t>(weightsBytes), configPath, ModelPackage::kWeightsFile);
  model::ModelConfig arch = config.model;
  arch.tagScheme = tagScheme;
  std::unique_ptr<model::NerModel> model;
  try {
    model = std::make_unique<model::NerModel>(arch, std::vector<std::string>{kPlaceholderLabel});
    model->loadWeights(weights);
  } catch (const std::exception& e) {
    throw ModelPackageError(PF::join(dir, ModelPackage::kWeightsFile), e.what());
  }
  const std::string knownPath = PF::join(dir, ModelPackage::kKnownWordsFile);
  if (fs::exists(knownPath)) {
    std::istringstream in(PF::readText(knownPath));
    try {
      model->setKnownWords(std::make_shared<model::KnownWords>(model::KnownWords::read(in)));
    } catch (const std::exception& e) {
      throw ModelPackageError(knownPath, e.what());
    }
  }
  return PretrainedWeights(std::move(config), std::move(summary), std::move(model));
}

}  // namespace spanforge::train
