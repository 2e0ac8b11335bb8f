#include "train/distributed/runfingerprint.h"

#include "train/config/tomlconfig.h"
#include "train/config/trainconfig.h"
#include "train/data/corpus.h"

#include <xxhash.h>

#include <cinttypes>
#include <cstdio>

namespace spanforge::train {
namespace {

std::string hex(uint64_t h) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, h);
  return buf;
}

}  // namespace

std::string runFingerprint(const TrainConfig& config, const Corpus& train,
                           const std::vector<std::string>& labels, long long parameters) {
  TrainConfig shared = config;
  shared.device = DeviceSettings{};
  const std::string toml = toToml(shared);
  std::string out = std::to_string(train.size()) + " sentences, " + std::to_string(train.words()) +
                    " words, labels";
  for (const auto& l : labels) out += " " + l;
  out += ", " + std::to_string(parameters) + " parameters, data hash " + hex(train.contentHash()) +
         ", config hash " + hex(XXH3_64bits(toml.data(), toml.size()));
  return out;
}

}  // namespace spanforge::train
