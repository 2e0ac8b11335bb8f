#include "train/package/modelpackage.h"

#include "model/knownwords.h"
#include "model/nermodel.h"
#include "model/transformerinput.h"
#include "model/vectors.h"
#include "train/config/tomlconfig.h"
#include "train/package/atomicdirectory.h"
#include "train/package/declaredsizes.h"
#include "train/package/legacypackageerror.h"
#include "train/package/legacyweights.h"
#include "train/package/modelpackageerror.h"
#include "train/package/packagefiles.h"
#include "train/package/vectorsfile.h"
#include "transformer/encoderconfig.h"

#include <c10/util/Exception.h>

#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#ifndef SPANFORGE_VERSION
#define SPANFORGE_VERSION "unknown"
#endif

namespace spanforge::train {
namespace {

namespace fs = std::filesystem;

using PF = PackageFiles;

// torch's errors carry a C++ backtrace that means nothing to a user.
std::string messageOf(const std::exception& e) {
  if (const auto* c10 = dynamic_cast<const c10::Error*>(&e)) return c10->what_without_backtrace();
  return e.what();
}

// Every file meta.json lists must be there, whole and unchanged; the ones
// this version needs must be listed.
void checkFiles(const std::string& dir, const PackageInfo& info, const char* weightsFile) {
  const std::string meta = PF::join(dir, ModelPackage::kMetaFile);
  std::vector<std::string> required = {weightsFile, ModelPackage::kConfigFile};
  if (info.vectorsRows > 0) required.push_back(ModelPackage::kVectorsFile);
  if (info.knownWords > 0) required.push_back(ModelPackage::kKnownWordsFile);
  for (const auto& name : required)
    if (!info.files.count(name)) throw ModelPackageError(meta, "does not list " + name);
  for (const auto& [name, expected] : info.files) {
    const std::string path = (fs::path(dir) / name).string();
    std::error_code ec;
    if (!fs::is_regular_file(fs::status(path, ec)))
      throw ModelPackageError(path, "missing (or not a regular file)");
    // The size first: a huge file is refused without reading it.
    const auto size = fs::file_size(path, ec);
    const int64_t bytes = ec ? -1 : static_cast<int64_t>(size);
    const PackageFile actual = bytes == expected.bytes ? PF::digest(path) : PackageFile{bytes, {}};
    if (actual.bytes != expected.bytes)
      throw ModelPackageError(path, "has " + std::to_string(actual.bytes) +
                                        " bytes, meta.json says " + std::to_string(expected.bytes) +
                                        " (truncated or replaced)");
    if (actual.xxh3 != expected.xxh3)
      throw ModelPackageError(path, "contents do not match the checksum in meta.json (corrupt)");
  }
}

void copyFile(const fs::path& from, const std::string& to) {
  std::error_code ec;
  fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
  if (ec) throw ModelPackageError(to, "cannot copy " + from.string() + ": " + ec.message());
  // A package's files are as writable as those it writes itself, whatever the source's mode.
  fs::permissions(to,
                  fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                      fs::perms::others_read,
                  ec);
}

// A transformer package is its own model folder: config.json (listed, so
// checked) must describe an encoder no larger than the weights, before any
// tensor is made from it. Returns the folder the model reads.
std::string checkTransformer(const std::string& dir, const PackageInfo& info,
                             const char* weightsFile) {
  const std::string meta = PF::join(dir, ModelPackage::kMetaFile);
  if (!info.files.count("config.json"))
    throw ModelPackageError(meta, "does not list config.json, which a transformer model needs");
  const std::string path = PF::join(dir, "config.json");
  transformer::EncoderConfig c;
  try {
    c = transformer::EncoderConfig::load(path);
  } catch (const std::exception& e) {
    std::string message = e.what();  // it names the file first
    if (message.rfind(path + ": ", 0) == 0) message.erase(0, path.size() + 2);
    throw ModelPackageError(path, message);
  }
  const double bytes = 4.0 * static_cast<double>(transformer::parameterCount(c));
  const auto held = static_cast<double>(info.files.at(weightsFile).bytes);
  if (bytes > held + 1e6)
    throw ModelPackageError(path, "describes an encoder of " +
                                      std::to_string(static_cast<int64_t>(bytes / 1e6)) + " MB; " +
                                      weightsFile + " holds " +
                                      std::to_string(static_cast<int64_t>(held / 1e6)) + " MB");
  return dir;
}

}  // namespace

ModelPackage::ModelPackage(std::string path, TrainConfig config, PackageInfo info,
                           std::unique_ptr<model::NerModel> model)
    : path_(std::move(path)),
      config_(std::move(config)),
      info_(std::move(info)),
      model_(std::move(model)) {}
ModelPackage::ModelPackage(ModelPackage&&) noexcept = default;
ModelPackage& ModelPackage::operator=(ModelPackage&&) noexcept = default;
ModelPackage::~ModelPackage() = default;

std::unique_ptr<model::NerModel> ModelPackage::releaseModel() { return std::move(model_); }

void ModelPackage::checkReplaceable(const std::string& dir) {
  std::error_code ec;
  const auto status = fs::status(dir, ec);
  if (!fs::exists(status)) return;
  if (!fs::is_directory(status))
    throw ModelPackageError(dir, "exists and is not a directory; refusing to replace it");
  if (fs::is_empty(dir, ec)) return;
  if (!fs::exists(PF::join(dir, kMetaFile)))
    throw ModelPackageError(dir,
                            "exists and is not a model package (no meta.json); refusing to "
                            "replace it");
}

void ModelPackage::write(const std::string& dir, const model::NerModel& model,
                         const TrainConfig& config, PackageInfo info) {
  checkReplaceable(dir);
  AtomicDirectory out(dir);
  info.formatVersion = kFormatVersion;
  info.spanforgeVersion = SPANFORGE_VERSION;
  info.created = PF::nowUtc();
  info.labels = model.labels();
  info.tagScheme = config.model.tagScheme;
  info.files.clear();

  const std::string weights = out.file(kWeightsFile);
  try {
    model.saveWeights(weights);
  } catch (const std::exception& e) {
    throw ModelPackageError(PF::join(dir, kWeightsFile), e.what());
  }
  PF::writeText(out.file(kConfigFile), toToml(config));
  info.vectorsRows = 0;
  info.vectorsDim = 0;
  if (const auto v = model.vectors()) {
    VectorsFile::write(out.file(kVectorsFile), *v);
    info.vectorsRows = v->size();
    info.vectorsDim = v->dim();
    if (info.vectorsSource.empty()) info.vectorsSource = config.model.vectors;
  }
  info.knownWords = 0;
  if (const auto known = model.knownWords()) {
    std::ostringstream words;
    known->write(words);
    PF::writeText(out.file(kKnownWordsFile), words.str());
    info.knownWords = static_cast<int64_t>(known->size());
  }
  std::vector<std::string> listed = {kWeightsFile, kConfigFile, kVectorsFile, kKnownWordsFile};
  if (const model::TransformerInput* t = model.transformer()) {
    // The encoder's shape and tokenizer, so the package reads as its model folder.
    for (const std::string& name : model::TransformerInput::folderFiles()) {
      const fs::path from = fs::path(t->folder()) / name;
      if (!fs::is_regular_file(from)) continue;
      if (fs::absolute(from) != fs::absolute(out.file(name))) copyFile(from, out.file(name));
      listed.push_back(name);
    }
  }
  for (const std::string& name : listed)
    if (fs::exists(out.file(name))) info.files[name] = PF::digest(out.file(name));
  PF::writeText(out.file(kMetaFile), info.toJson());
  out.commit();
}

PackageInfo ModelPackage::readInfo(const std::string& dir) {
  if (!fs::is_directory(dir)) throw ModelPackageError(dir, "no such model package directory");
  const std::string meta = PF::join(dir, kMetaFile);
  if (!fs::exists(meta)) throw ModelPackageError(meta, "missing (not a model package?)");
  PackageInfo info = PackageInfo::fromJson(PF::readText(meta), meta);
  if (info.formatVersion > kFormatVersion)
    throw ModelPackageError(meta, "format_version " + std::to_string(info.formatVersion) +
                                      " is newer than this Spanforge reads (" +
                                      std::to_string(kFormatVersion) + "); update Spanforge");
  // Format 1 kept its weights in a TorchScript archive, which runs code when
  // it is loaded: never read implicitly (LegacyPackage converts it on request).
  if (info.formatVersion == 1) throw LegacyPackageError(dir);
  if (info.formatVersion != kFormatVersion)
    throw ModelPackageError(meta, "unsupported format_version " +
                                      std::to_string(info.formatVersion) + " (expected " +
                                      std::to_string(kFormatVersion) + ")");
  return info;
}

ModelPackage ModelPackage::load(const std::string& dir) {
  return assemble(dir, readInfo(dir), false);
}

ModelPackage ModelPackage::loadLegacy(const std::string& dir, PackageInfo info) {
  return assemble(dir, std::move(info), true);
}

ModelPackage ModelPackage::assemble(const std::string& dir, PackageInfo info, bool legacy) {
  const std::string meta = PF::join(dir, kMetaFile);
  const char* weightsFile = legacy ? kLegacyWeightsFile : kWeightsFile;
  checkFiles(dir, info, weightsFile);

  const std::string configPath = PF::join(dir, kConfigFile);
  TrainConfig config = PF::readConfig(dir, "invalid config: ");
  if (config.model.tagScheme != info.tagScheme)
    throw ModelPackageError(meta, "tag_scheme \"" + info.tagScheme +
                                      "\" differs from config.toml's \"" + config.model.tagScheme +
                                      "\"");
  std::shared_ptr<const model::Vectors> vectors;
  if (info.vectorsRows > 0) {
    const std::string path = PF::join(dir, kVectorsFile);
    auto v = std::make_shared<model::Vectors>(VectorsFile::read(path));
    if (v->size() != info.vectorsRows || v->dim() != info.vectorsDim)
      throw ModelPackageError(path, "holds " + std::to_string(v->size()) + " x " +
                                        std::to_string(v->dim()) + " vectors, meta.json says " +
                                        std::to_string(info.vectorsRows) + " x " +
                                        std::to_string(info.vectorsDim));
    vectors = std::move(v);
    // The model must not reload the original file: it may be gone.
    if (config.model.vectors.empty()) config.model.vectors = info.vectorsSource;
    if (config.model.vectors.empty()) config.model.vectors = path;
  } else if (!config.model.vectors.empty()) {
    throw ModelPackageError(
        configPath, "names vectors \"" + config.model.vectors + "\" but the package holds none");
  }

  const std::string weights = PF::join(dir, weightsFile);
  // Sizes declared by meta.json and config.toml against the weights' header,
  // before anything is allocated for them.
  if (!legacy) DeclaredSizes::check(weights, config.model, info.labels, meta, configPath);
  if (config.model.encoder == "transformer")
    config.model.transformer = checkTransformer(dir, info, weightsFile);
  else
    PF::checkTableFits(config.model.hashRows, config.model.wordDim, info.files[weightsFile].bytes,
                       configPath, weightsFile);
  std::unique_ptr<model::NerModel> net;
  try {
    net = std::make_unique<model::NerModel>(config.model, info.labels, vectors);
  } catch (const std::exception& e) {
    throw ModelPackageError(meta, "labels or config do not make a model: " + messageOf(e));
  }
  if (info.knownWords > 0) {
    const std::string path = PF::join(dir, kKnownWordsFile);
    std::ifstream in(path, std::ios::binary);
    std::shared_ptr<model::KnownWords> known;
    try {
      known = std::make_shared<model::KnownWords>(model::KnownWords::read(in));
    } catch (const std::exception& e) {
      throw ModelPackageError(path, e.what());
    }
    if (static_cast<int64_t>(known->size()) != info.knownWords)
      throw ModelPackageError(path, "holds " + std::to_string(known->size()) +
                                        " words, meta.json says " +
                                        std::to_string(info.knownWords));
    net->setKnownWords(std::move(known));
  }
  try {
    if (legacy)
      LegacyWeights::read(weights, *net);
    else
      net->loadWeights(weights);
  } catch (const std::exception& e) {
    std::string message = messageOf(e);
    if (message.rfind(weights + ": ", 0) == 0) message.erase(0, weights.size() + 2);
    // A parameter of another shape or name: most often labels that differ.
    if (message.find("parameter \"") != std::string::npos)
      message += " (do meta.json's labels match the weights?)";
    throw ModelPackageError(weights, message);
  }
  net->setTemperature(info.temperature);  // checked positive by PackageInfo
  return ModelPackage(dir, std::move(config), std::move(info), std::move(net));
}

}  // namespace spanforge::train
