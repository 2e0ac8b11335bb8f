#include "active/alsimulationjson.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace spanforge::active {
namespace {

nlohmann::ordered_json roundJson(const AlRound& r) {
  return {{"round", r.round},
          {"fraction", r.fraction},
          {"sentences", r.sentences},
          {"words", r.words},
          {"entities", r.entities},
          {"p", r.test.precision},
          {"r", r.test.recall},
          {"f", r.test.f1},
          {"dev_f", r.devF1},
          {"steps", r.steps},
          {"finish_reason", r.finishReason},
          {"train_seconds", r.trainSeconds},
          {"rank_seconds", r.rankSeconds}};
}

nlohmann::ordered_json optionalShare(const std::optional<double>& v) {
  return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
}

}  // namespace

std::string AlSimulationJson::write(const train::TrainConfig& config,
                                    const AlExperimentOptions& options,
                                    const AlExperimentResult& result) {
  nlohmann::ordered_json j;
  const auto& runs = result.runs;
  const AlSummary& s = result.summary;
  std::vector<std::string> strategies;
  for (const auto st : options.simulation.strategies) strategies.emplace_back(toString(st));
  j["strategies"] = strategies;
  j["seeds"] = options.seeds;
  j["seed_fraction"] = options.simulation.seedFraction;
  j["step_fraction"] = options.simulation.stepFraction;
  j["pretrained"] = options.pretrain;
  const train::TrainingSettings& t = config.training;
  j["budget"] = {{"max_steps", t.maxSteps},
                 {"max_epochs", t.maxEpochs},
                 {"patience", t.patience},
                 {"max_minutes", t.maxMinutes}};
  if (!runs.empty()) {
    j["pool_sentences"] = runs.front().poolSentences;
    j["seed_sentences"] = runs.front().seedSentences;
    j["step_sentences"] = runs.front().stepSentences;
  }
  bool cancelled = false;
  nlohmann::ordered_json runsJson = nlohmann::ordered_json::array();
  for (const auto& run : runs) {
    cancelled = cancelled || run.cancelled;
    nlohmann::ordered_json r;
    r["seed"] = run.seed;
    r["seconds"] = run.seconds;
    r["cancelled"] = run.cancelled;
    r["full_data"] = run.fullData ? roundJson(*run.fullData) : nlohmann::ordered_json(nullptr);
    r["curves"] = nlohmann::ordered_json::object();
    for (const auto& curve : run.curves) {
      auto& rounds = r["curves"][toString(curve.strategy)];
      rounds = nlohmann::ordered_json::array();
      for (const auto& round : curve.rounds) rounds.push_back(roundJson(round));
    }
    runsJson.push_back(std::move(r));
  }
  j["cancelled"] = result.cancelled || cancelled;
  j["full_data_f"] = s.fullF1 ? nlohmann::ordered_json(*s.fullF1) : nullptr;
  j["full_data_f_sd"] = s.fullSd;
  j["runs"] = std::move(runsJson);
  j["summary"] = nlohmann::ordered_json::object();
  for (const auto& st : s.strategies) {
    nlohmann::ordered_json points = nlohmann::ordered_json::array();
    for (const auto& p : st.points)
      points.push_back({{"fraction", p.fraction},
                        {"sentences", p.sentences},
                        {"seeds", p.seeds},
                        {"f_mean", p.meanF1},
                        {"f_sd", p.sdF1},
                        {"f_min", p.minF1},
                        {"f_max", p.maxF1}});
    j["summary"][toString(st.strategy)] = {{"points", std::move(points)},
                                           {"reach_95", optionalShare(st.reach95)},
                                           {"reach_99", optionalShare(st.reach99)}};
  }
  return j.dump(2);
}

}  // namespace spanforge::active
