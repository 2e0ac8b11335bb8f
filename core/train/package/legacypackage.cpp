#include "train/package/legacypackage.h"

#include "io/jsonrecord.h"
#include "model/nermodel.h"
#include "train/package/atomicdirectory.h"
#include "train/package/legacyweights.h"
#include "train/package/modelpackage.h"
#include "train/package/modelpackageerror.h"
#include "train/package/packagefiles.h"
#include "train/package/packageinfo.h"
#include "train/pretrain/pretrainedweights.h"

#include <torch/nn/module.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <functional>
#include <memory>
#include <string_view>

namespace spanforge::train {
namespace {

namespace fs = std::filesystem;
using PF = PackageFiles;
using Json = nlohmann::ordered_json;

constexpr int64_t kLegacyFormat = 1;

// The JSON of a small metadata file, or null when absent or unparsable.
Json readJson(const std::string& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return nullptr;
  try {
    const std::string text = PF::readText(path);
    if (io::JsonRecord::findTooDeep(text) != std::string_view::npos) return nullptr;
    return Json::parse(text);
  } catch (const std::exception&) {
    return nullptr;
  }
}

bool hasFormat(const Json& j, int64_t version) {
  if (!j.is_object()) return false;
  const auto v = j.find("format_version");
  return v != j.end() && v->is_number_integer() && v->get<int64_t>() == version;
}

bool isPretrainMeta(const Json& j) {
  const auto f = j.find("format");
  return f != j.end() && f->is_string() && f->get<std::string>() == "spanforge-pretrained";
}

// Every file but the old weights and the metadata, as it is (symlinks as
// links, never followed).
void copyOthers(const std::string& dir, const AtomicDirectory& out, const char* metaFile) {
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name == ModelPackage::kLegacyWeightsFile || name == metaFile) continue;
    std::error_code ec;
    fs::copy(entry.path(), out.file(name),
             fs::copy_options::recursive | fs::copy_options::copy_symlinks, ec);
    if (ec) throw ModelPackageError(entry.path().string(), "cannot copy: " + ec.message());
  }
}

// The converted weights must be the old ones, value for value.
void requireSameWeights(model::NerModel& from, model::NerModel& to, const std::string& path) {
  const auto a = from.module().named_parameters(true);
  const auto b = to.module().named_parameters(true);
  if (a.size() != b.size())
    throw ModelPackageError(path, "the converted weights differ from weights.pt (not written)");
  for (const auto& p : a) {
    const torch::Tensor* q = b.find(p.key());
    if (q == nullptr || !torch::equal(p.value().to(torch::kCPU), q->to(torch::kCPU)))
      throw ModelPackageError(path, "the converted parameter \"" + p.key() +
                                        "\" differs from weights.pt (not written)");
  }
}

// `loadLegacy` is ModelPackage::loadLegacy, which only LegacyPackage may call.
void upgradeModelPackage(
    const std::string& dir,
    const std::function<ModelPackage(const std::string&, PackageInfo)>& loadLegacy) {
  const std::string metaPath = PF::join(dir, ModelPackage::kMetaFile);
  const std::string metaText = PF::readText(metaPath);
  PackageInfo info = PackageInfo::fromJson(metaText, metaPath);  // checks depth and fields
  if (info.formatVersion != kLegacyFormat)
    throw ModelPackageError(metaPath, "format_version is " + std::to_string(info.formatVersion) +
                                          ", not the legacy format 1");
  ModelPackage old = loadLegacy(dir, info);

  AtomicDirectory out(dir);
  copyOthers(dir, out, ModelPackage::kMetaFile);
  const std::string weights = out.file(ModelPackage::kWeightsFile);
  try {
    old.model().saveWeights(weights);
  } catch (const std::exception& e) {
    throw ModelPackageError(PF::join(dir, ModelPackage::kWeightsFile), e.what());
  }
  // Edit the JSON itself, so that every field, known or not, stays as it was.
  Json meta = Json::parse(metaText);
  meta["format_version"] = ModelPackage::kFormatVersion;
  Json& files = meta["files"];
  files.erase(ModelPackage::kLegacyWeightsFile);
  const PackageFile digest = PF::digest(weights);
  files[ModelPackage::kWeightsFile] = {{"bytes", digest.bytes}, {"xxh3", digest.xxh3}};
  PF::writeText(out.file(ModelPackage::kMetaFile), meta.dump(2) + "\n");

  ModelPackage fresh = ModelPackage::load(out.path());
  requireSameWeights(old.model(), fresh.model(), weights);
  out.commit();
}

void upgradePretrained(const std::string& dir) {
  const std::string metaPath = PF::join(dir, PretrainedWeights::kMetaFile);
  Json meta = readJson(metaPath);
  if (!hasFormat(meta, kLegacyFormat) || !isPretrainMeta(meta))
    throw ModelPackageError(metaPath, "not a legacy (format 1) pretrained-weights folder");
  const auto files = meta.find("files");
  if (files == meta.end() || !files->is_object())
    throw ModelPackageError(metaPath, "has no \"files\" object");
  for (const auto& [name, size] : files->items()) {
    if (name.empty() || name.find('/') != std::string::npos || name.find("..") != std::string::npos)
      throw ModelPackageError(metaPath, "files: \"" + name + "\" is not a file of the folder");
    const std::string path = PF::join(dir, name.c_str());
    std::error_code ec;
    const auto actual = fs::file_size(path, ec);
    if (ec) throw ModelPackageError(path, "missing");
    if (!size.is_number_integer() || static_cast<int64_t>(actual) != size.get<int64_t>())
      throw ModelPackageError(path, "has " + std::to_string(actual) + " bytes, pretrain.json " +
                                        "records " + size.dump() + " (damaged or replaced)");
  }
  const std::string legacyWeights = PF::join(dir, ModelPackage::kLegacyWeightsFile);
  if (!files->contains(ModelPackage::kLegacyWeightsFile))
    throw ModelPackageError(metaPath, "does not list weights.pt");

  const std::string configPath = PF::join(dir, ModelPackage::kConfigFile);
  const TrainConfig config = PF::readConfig(dir);
  PF::checkTableFits(config.model.hashRows, config.model.wordDim,
                     static_cast<int64_t>(fs::file_size(legacyWeights)), configPath,
                     ModelPackage::kLegacyWeightsFile);
  std::unique_ptr<model::NerModel> old;
  try {
    old = std::make_unique<model::NerModel>(
        config.model, std::vector<std::string>{PretrainedWeights::kPlaceholderLabel});
  } catch (const std::exception& e) {
    throw ModelPackageError(configPath, std::string("does not make a model: ") + e.what());
  }
  LegacyWeights::read(legacyWeights, *old);

  AtomicDirectory out(dir);
  copyOthers(dir, out, PretrainedWeights::kMetaFile);
  const std::string weights = out.file(ModelPackage::kWeightsFile);
  try {
    old->saveWeights(weights);
  } catch (const std::exception& e) {
    throw ModelPackageError(PF::join(dir, ModelPackage::kWeightsFile), e.what());
  }
  meta["format_version"] = PretrainedWeights::kFormatVersion;
  Json& list = meta["files"];
  list.erase(ModelPackage::kLegacyWeightsFile);
  list[ModelPackage::kWeightsFile] = static_cast<int64_t>(fs::file_size(weights));
  PF::writeText(out.file(PretrainedWeights::kMetaFile), meta.dump(2) + "\n");

  PretrainedWeights fresh = PretrainedWeights::load(out.path(), config.model.tagScheme);
  requireSameWeights(*old, fresh.model(), weights);
  out.commit();
}

}  // namespace

LegacyPackage::Kind LegacyPackage::kindOf(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return Kind::None;
  if (hasFormat(readJson(PF::join(dir, ModelPackage::kMetaFile)), kLegacyFormat))
    return Kind::ModelPackage;
  const Json pretrain = readJson(PF::join(dir, PretrainedWeights::kMetaFile));
  if (hasFormat(pretrain, kLegacyFormat) && isPretrainMeta(pretrain))
    return Kind::PretrainedWeights;
  return Kind::None;
}

LegacyPackage::Kind LegacyPackage::upgrade(const std::string& dir) {
  const Kind kind = kindOf(dir);
  switch (kind) {
    case Kind::ModelPackage:
      upgradeModelPackage(dir, [](const std::string& d, PackageInfo info) {
        return ModelPackage::loadLegacy(d, std::move(info));
      });
      break;
    case Kind::PretrainedWeights:
      upgradePretrained(dir);
      break;
    case Kind::None:
      throw ModelPackageError(dir,
                              "is not a model package or pretrained-weights folder in the old "
                              "format (format_version 1, weights.pt)");
  }
  return kind;
}

}  // namespace spanforge::train
