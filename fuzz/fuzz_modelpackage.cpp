// Model packages (ModelPackage::load) with a fuzzed meta.json, config.toml or
// weights.safetensors. An input starting with '{' replaces meta.json; one
// whose first 8 bytes read as a small little-endian number (bytes 6 and 7
// zero: a safetensors header length; no config holds NUL bytes) replaces the
// weights; anything else replaces config.toml. The replaced file's size and
// checksum are rewritten into meta.json, so the input gets past the integrity
// check to the parser and the model built from it. The other files come from
// a tiny package written at start-up with a fixed seed, so the checksums in
// the seed corpus's meta.json files match.
#include "fuzzinput.h"
#include "model/knownwords.h"
#include "model/nermodel.h"
#include "model/vectors.h"
#include "train/config/trainconfig.h"
#include "train/package/modelpackage.h"
#include "train/package/modelpackageerror.h"

#include <ATen/Context.h>
#include <xxhash.h>

#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace {

using namespace spanforge;

struct Package {
  std::string dir;
  std::string meta;     // meta.json as written
  std::string config;   // config.toml as written
  std::string weights;  // weights.safetensors as written
  train::PackageInfo info;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void spit(const std::string& path, const uint8_t* data, size_t size) {
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
}

void spit(const std::string& path, const std::string& text) {
  spit(path, reinterpret_cast<const uint8_t*>(text.data()), text.size());
}

// Small (a few KB of weights) but with every optional file: vectors.bin and
// known_words.txt.
Package makePackage() {
  train::TrainConfig config;
  config.model.hashRows = 64;
  config.model.hashSeeds = 2;
  config.model.wordDim = 4;
  config.model.charDim = 4;
  config.model.charFilters = 4;
  config.model.hidden = 4;
  config.model.vectors = "vectors.txt";
  config.training.seed = 1;
  config.device.device = "cpu";
  config.device.threads = 1;
  auto vectors = std::make_shared<const model::Vectors>(
      std::vector<std::string>{"the", "paris", "ann"},
      std::vector<float>{0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f}, 2);
  at::manual_seed(1);
  model::NerModel net(config.model, {"LOC", "PER"}, vectors);
  auto known = std::make_shared<model::KnownWords>();
  for (const char* w : {"the", "paris", "ann", "lives", "in"}) known->add(w);
  net.setKnownWords(known);
  Package p;
  p.dir = fuzz::scratchDir() + "/package";
  train::ModelPackage::write(p.dir, net, config, train::PackageInfo{});
  p.meta = slurp(p.dir + "/" + train::ModelPackage::kMetaFile);
  p.config = slurp(p.dir + "/" + train::ModelPackage::kConfigFile);
  p.weights = slurp(p.dir + "/" + train::ModelPackage::kWeightsFile);
  p.info = train::ModelPackage::readInfo(p.dir);
  // FUZZ_PRINT_META=1 prints meta.json for the seed corpus.
  if (std::getenv("FUZZ_PRINT_META")) std::fputs(p.meta.c_str(), stdout);
  return p;
}

train::PackageFile digest(const uint8_t* data, size_t size) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016" PRIx64, static_cast<uint64_t>(XXH3_64bits(data, size)));
  return {static_cast<int64_t>(size), hex};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const Package package = makePackage();
  const std::string metaPath = package.dir + "/" + train::ModelPackage::kMetaFile;
  const std::string configPath = package.dir + "/" + train::ModelPackage::kConfigFile;
  const std::string weightsPath = package.dir + "/" + train::ModelPackage::kWeightsFile;
  const bool isMeta = size > 0 && data[0] == '{';
  const bool isWeights = !isMeta && size >= 8 && data[6] == 0 && data[7] == 0;
  spit(configPath, package.config);
  spit(weightsPath, package.weights);
  if (isMeta) {
    spit(metaPath, data, size);
  } else {
    train::PackageInfo info = package.info;
    const char* name =
        isWeights ? train::ModelPackage::kWeightsFile : train::ModelPackage::kConfigFile;
    info.files[name] = digest(data, size);
    spit(isWeights ? weightsPath : configPath, data, size);
    spit(metaPath, info.toJson());
  }
  try {
    train::ModelPackage::load(package.dir);
  } catch (const train::ModelPackageError& e) {
    fuzz::expectedError(e);
  }
  return 0;
}
