#include "train/distributed/rankjob.h"

#include "train/config/tomlconfig.h"
#include "train/distributed/distributederror.h"
#include "train/distributed/processgroup.h"

#include <nlohmann/json.hpp>

namespace spanforge::train {
namespace {

constexpr const char* kKey = "spanforge/job";

}  // namespace

std::string RankJob::readyKey(int rank) { return "spanforge/ready/" + std::to_string(rank); }

void RankJob::publish(ProcessGroup& group) const {
  nlohmann::json j;
  j["config"] = toToml(config);
  j["resume_from"] = resumeFrom;
  auto& examples = j["train"] = nlohmann::json::array();
  for (const auto& e : train.examples()) {
    nlohmann::json spans = nlohmann::json::array();
    for (const auto& s : e.spans) spans.push_back({s.first, s.last, s.label});
    examples.push_back({{"tokens", e.tokens}, {"spans", std::move(spans)}});
  }
  group.set(kKey, j.dump());
}

RankJob RankJob::receive(ProcessGroup& group) {
  const std::string text = group.get(kKey);
  try {
    const auto j = nlohmann::json::parse(text);
    RankJob job;
    job.config = fromToml(j.at("config").get<std::string>(), "rank 0's config");
    job.resumeFrom = j.at("resume_from").get<std::string>();
    for (const auto& e : j.at("train")) {
      Example x;
      x.tokens = e.at("tokens").get<std::vector<std::string>>();
      for (const auto& s : e.at("spans"))
        x.spans.push_back(
            {s.at(0).get<int64_t>(), s.at(1).get<int64_t>(), s.at(2).get<std::string>()});
      job.train.add(std::move(x));
    }
    group.set(readyKey(group.rank()), "1");
    return job;
  } catch (const DistributedError&) {
    throw;
  } catch (const std::exception& x) {
    throw DistributedError("rank " + std::to_string(group.rank()) +
                           ": the job rank 0 sent cannot be read (" + x.what() +
                           "); are both the same Spanforge version?");
  }
}

}  // namespace spanforge::train
