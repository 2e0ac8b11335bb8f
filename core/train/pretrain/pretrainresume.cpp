#include "train/pretrain/pretrainresume.h"

#include "model/safetensorserror.h"
#include "model/safetensorsfile.h"
#include "train/config/tomlconfig.h"
#include "train/package/modelpackageerror.h"
#include "train/package/packagefiles.h"
#include "train/pretrain/pretrainedweights.h"

#include <cstdio>
#include <filesystem>
#include <sstream>

namespace spanforge::train {
namespace {

using model::SafetensorsFile;

const std::string& metadataField(const SafetensorsFile& file, const std::string& key) {
  const auto found = file.metadata().find(key);
  if (found == file.metadata().end())
    throw ModelPackageError(file.path(), "metadata \"" + key + "\" is missing");
  return found->second;
}

// What of a config shapes a pretraining, in a default config.
TrainConfig pretrainingPart(const TrainConfig& c) {
  TrainConfig out;
  out.model = c.model;
  // Where a later NER model starts from: no part of the pretraining.
  out.model.pretrained.clear();
  out.model.pretrainedVocabulary = TrainConfig{}.model.pretrainedVocabulary;
  out.pretraining = c.pretraining;
  out.pretraining.maxSteps = out.pretraining.maxEpochs = 0;
  out.pretraining.maxMinutes = 0.0;
  out.pretraining.checkpointEvery = TrainConfig{}.pretraining.checkpointEvery;
  out.training.seed = c.training.seed;
  out.training.gradClip = c.training.gradClip;
  return out;
}

}  // namespace

int64_t PretrainResume::wholeField(const SafetensorsFile& file, const std::string& key) {
  const std::string& text = metadataField(file, key);
  try {
    size_t used = 0;
    const int64_t v = std::stoll(text, &used);
    if (used == text.size() && v >= 0) return v;
  } catch (const std::exception&) {
  }
  throw ModelPackageError(
      file.path(), "metadata \"" + key + "\" is \"" + text + "\", not a non-negative whole number");
}

PretrainPosition PretrainResume::positionOf(const SafetensorsFile& file) {
  if (metadataField(file, "format") != kFormat)
    throw ModelPackageError(file.path(),
                            std::string("metadata \"format\" is not \"") + kFormat + "\"");
  if (metadataField(file, "format_version") != kVersion)
    throw ModelPackageError(file.path(), "unsupported format_version \"" +
                                             metadataField(file, "format_version") +
                                             "\" (expected " + kVersion + ")");
  PretrainPosition p;
  p.steps = wholeField(file, "steps");
  p.epoch = wholeField(file, "epoch");
  p.batchesDone = wholeField(file, "batches_done");
  p.words = wholeField(file, "words");
  // Whole milliseconds: a decimal point would depend on the locale.
  p.seconds = static_cast<double>(wholeField(file, "milliseconds")) / 1000.0;
  p.orderRng = metadataField(file, "order_rng");
  p.textKey = metadataField(file, "text");
  return p;
}

PretrainPosition PretrainResume::readPosition(const std::string& path) {
  try {
    return positionOf(SafetensorsFile(path));
  } catch (const model::SafetensorsError& e) {
    throw ModelPackageError(path, e.what());
  }
}

std::string PretrainResume::whyNot(const std::string& dir, const TrainConfig& config) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (dir.empty() || !fs::exists(fs::path(dir) / PretrainedWeights::kMetaFile, ec))
    return dir + " holds no pretraining";
  try {
    PretrainedWeights::readSummary(dir);
    const std::string statePath = PackageFiles::join(dir, kFile);
    if (!fs::exists(statePath, ec))
      return dir + " holds no resume state (" + kFile +
             "; pretrainings written before it was kept cannot be resumed)";
    const std::string difference = configDifference(PackageFiles::readConfig(dir), config);
    if (!difference.empty()) return dir + " was pretrained with another config: " + difference;
    readPosition(statePath);
  } catch (const std::exception& e) {  // ModelPackageError, ConfigError: each names its file
    return e.what();
  }
  return "";
}

std::string PretrainResume::configDifference(const TrainConfig& stored, const TrainConfig& now) {
  std::istringstream a(toToml(pretrainingPart(stored)));
  std::istringstream b(toToml(pretrainingPart(now)));
  std::string table, lineA, lineB;
  while (true) {
    const bool moreA = static_cast<bool>(std::getline(a, lineA));
    const bool moreB = static_cast<bool>(std::getline(b, lineB));
    if (!moreA && !moreB) return "";
    if (!moreA || !moreB || lineA != lineB)
      return (table.empty() ? "" : table + " ") + (moreA ? lineA : "(nothing)") + ", here " +
             (moreB ? lineB : "(nothing)");
    if (!lineA.empty() && lineA.front() == '[') table = lineA;
  }
}

std::string PretrainResume::textKey(const std::vector<std::vector<std::string>>& sentences) {
  uint64_t h = 1469598103934665603ull;
  const auto mix = [&](unsigned char c) {
    h ^= c;
    h *= 1099511628211ull;
  };
  for (const auto& s : sentences) {
    for (const auto& token : s) {
      for (const char c : token) mix(static_cast<unsigned char>(c));
      mix(0x1f);  // token separator
    }
    mix(0x1e);  // sentence separator
  }
  char text[32];
  std::snprintf(text, sizeof text, "%zu:%016llx", sentences.size(),
                static_cast<unsigned long long>(h));
  return text;
}

}  // namespace spanforge::train
