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
  std::string data;
  for (const auto& e : train.examples()) {
    for (const auto& t : e.tokens) (data += t) += '\x1f';
    for (const auto& s : e.spans)
      data += std::to_string(s.first) + ':' + std::to_string(s.last) + ':' + s.label + '\x1f';
    data += '\x1e';
  }
  TrainConfig shared = config;
  shared.device = DeviceSettings{};
  const std::string toml = toToml(shared);
  std::string out = std::to_string(train.size()) + " sentences, " + std::to_string(train.words()) +
                    " words, labels";
  for (const auto& l : labels) out += " " + l;
  out += ", " + std::to_string(parameters) + " parameters, data hash " +
         hex(XXH3_64bits(data.data(), data.size())) + ", config hash " +
         hex(XXH3_64bits(toml.data(), toml.size()));
  return out;
}

}  // namespace spanforge::train
