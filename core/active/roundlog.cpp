#include "active/roundlog.h"

#include "active/alroundjson.h"
#include "train/config/tomlconfig.h"
#include "train/config/trainconfig.h"
#include "train/data/corpus.h"

#include <xxhash.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <stdexcept>

namespace spanforge::active {
namespace {

std::string hex(uint64_t h) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace

RoundLog::RoundLog(std::string path, std::string experiment)
    : path_(std::move(path)), experiment_(std::move(experiment)) {
  std::ifstream in(path_);
  std::string line;
  while (std::getline(in, line)) {
    try {
      const auto j = nlohmann::ordered_json::parse(line);
      if (j.value("experiment", std::string()) != experiment_) continue;
      Entry e;
      e.curve = j.at("curve").get<std::string>();
      e.round = j.at("round").get<int64_t>();
      e.labelled = std::stoull(j.at("labelled").get<std::string>(), nullptr, 16);
      e.point = AlRoundJson::read(j.at("point"), path_, "point");
      e.next = j.at("next").get<std::vector<size_t>>();
      entries_.push_back(std::move(e));
    } catch (const std::exception&) {
      // A line cut short by an interruption: that round is simply trained again.
    }
  }
}

const RoundLog::Entry* RoundLog::find(const std::string& curve, int64_t round,
                                      uint64_t labelled) const {
  for (auto it = entries_.rbegin(); it != entries_.rend(); ++it)
    if (it->curve == curve && it->round == round && it->labelled == labelled) return &*it;
  return nullptr;
}

void RoundLog::append(Entry entry) {
  nlohmann::ordered_json j = {{"experiment", experiment_},
                              {"curve", entry.curve},
                              {"round", entry.round},
                              {"labelled", hex(entry.labelled)},
                              {"point", AlRoundJson::write(entry.point)},
                              {"next", entry.next}};
  std::ofstream out(path_, std::ios::app);
  out << j.dump() << '\n' << std::flush;
  if (!out) throw std::runtime_error(path_ + ": cannot write the rounds log");
  entries_.push_back(std::move(entry));
}

uint64_t RoundLog::fingerprint(std::vector<size_t> indices) {
  std::sort(indices.begin(), indices.end());
  std::vector<uint64_t> wide(indices.begin(), indices.end());
  return XXH3_64bits(wide.data(), wide.size() * sizeof(uint64_t));
}

std::string RoundLog::experiment(const train::TrainConfig& config, const train::Corpus& pool,
                                 const train::Corpus& dev, const train::Corpus& test,
                                 const std::string& options) {
  train::TrainConfig shared = config;
  shared.device = train::DeviceSettings{};
  const std::string toml = train::toToml(shared);
  return hex(XXH3_64bits(toml.data(), toml.size())) + "-" + hex(pool.contentHash()) + "-" +
         hex(dev.contentHash()) + "-" + hex(test.contentHash()) + "-" +
         hex(XXH3_64bits(options.data(), options.size()));
}

}  // namespace spanforge::active
