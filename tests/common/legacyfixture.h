#pragma once

// Fixtures for packages from before safetensors: weights.pt written with
// torch's archive writer (writing one runs nothing; only loading does), and
// a TorchScript archive whose __setstate__ runs code when it is loaded.
// Includes torch (and Catch after it, see torchcatch.h).

#include "torchcatch.h"

#include "model/nermodel.h"
#include "slurp.h"
#include "train/package/modelpackage.h"
#include "train/package/packagefiles.h"
#include "train/package/packageinfo.h"
#include "train/pretrain/pretrainedweights.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>

namespace spanforge::testing {

// The message the payload's code raises: seeing it proves the code ran.
inline constexpr const char* kPayloadMessage = "code ran from weights.pt";

// A real TorchScript module whose __setstate__ runs when the archive is
// loaded (here it fails an assert with kPayloadMessage; the issue's crafted packages wrote
// files instead).
inline void writeCodeArchive(const std::string& path) {
  torch::jit::Module m("__torch__.Payload");
  m.register_attribute("x", c10::TensorType::get(), torch::zeros({2}));
  m.define(R"JIT(
def __getstate__(self):
    return (self.x,)

def __setstate__(self, state: Tuple[Tensor]):
    self.x = state[0]
    assert False, "code ran from weights.pt"
)JIT");
  m.save(path);
}

inline void writeLegacyWeights(model::NerModel& model, const std::string& path) {
  torch::serialize::OutputArchive archive;
  for (const auto& p : model.module().named_parameters(true))
    archive.write(p.key(), p.value().detach().to(torch::kCPU));
  archive.save_to(path);
}

inline void writeText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// Lists `newName` in place of `oldName` in the meta.json of the package in
// `dir`, its size and checksum recomputed (what anyone can do: xxh3 is no
// signature), and sets the format version.
inline void relist(const std::string& dir, const std::string& oldName, const std::string& newName,
                   int64_t formatVersion) {
  using Json = nlohmann::ordered_json;
  const std::string metaPath = dir + "/" + train::ModelPackage::kMetaFile;
  Json meta = Json::parse(slurp(metaPath));
  meta["format_version"] = formatVersion;
  meta["files"].erase(oldName);
  const train::PackageFile d = train::PackageFiles::digest(dir + "/" + newName);
  meta["files"][newName] = {{"bytes", d.bytes}, {"xxh3", d.xxh3}};
  writeText(metaPath, meta.dump(2) + "\n");
}

// Turns the (current) model package in `dir` into one of format 1 holding
// weights.pt: its own weights, or `archiveBytes` when given.
inline void makeLegacyPackage(const std::string& dir, const std::string* archiveBytes = nullptr) {
  const std::string pt = dir + "/weights.pt";
  if (archiveBytes != nullptr) {
    writeText(pt, *archiveBytes);
  } else {
    train::ModelPackage package = train::ModelPackage::load(dir);
    writeLegacyWeights(package.model(), pt);
  }
  std::filesystem::remove(dir + "/" + train::ModelPackage::kWeightsFile);
  relist(dir, train::ModelPackage::kWeightsFile, "weights.pt", 1);
}

// Replaces the weights of the current package in `dir` by `bytes`, checksums
// recomputed, so the loader itself must judge them.
inline void replaceWeights(const std::string& dir, const std::string& bytes) {
  writeText(dir + "/" + train::ModelPackage::kWeightsFile, bytes);
  relist(dir, train::ModelPackage::kWeightsFile, train::ModelPackage::kWeightsFile,
         train::ModelPackage::kFormatVersion);
}

// Turns the (current) pretrained-weights folder in `dir` into format 1.
inline void makeLegacyPretrained(const std::string& dir, const std::string& tagScheme) {
  using Json = nlohmann::ordered_json;
  const std::string pt = dir + "/weights.pt";
  {
    train::PretrainedWeights pre = train::PretrainedWeights::load(dir, tagScheme);
    writeLegacyWeights(pre.model(), pt);
  }
  std::filesystem::remove(dir + "/" + train::ModelPackage::kWeightsFile);
  const std::string metaPath = dir + "/" + train::PretrainedWeights::kMetaFile;
  Json meta = Json::parse(slurp(metaPath));
  meta["format_version"] = 1;
  meta["files"].erase(train::ModelPackage::kWeightsFile);
  meta["files"]["weights.pt"] = static_cast<int64_t>(std::filesystem::file_size(pt));
  writeText(metaPath, meta.dump(2) + "\n");
}

}  // namespace spanforge::testing
