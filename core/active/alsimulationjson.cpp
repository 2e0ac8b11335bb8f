#include "active/alsimulationjson.h"

#include "active/alroundjson.h"

#include "io/inputerror.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace spanforge::active {
namespace {

nlohmann::ordered_json optionalShare(const std::optional<double>& v) {
  return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
}

}  // namespace

AlExperimentResult AlSimulationJson::read(const std::string& text, const std::string& source) {
  nlohmann::ordered_json j;
  try {
    j = nlohmann::ordered_json::parse(text);
  } catch (const nlohmann::ordered_json::parse_error& e) {
    throw io::InputError(source, 0, "", std::string("not JSON: ") + e.what());
  }
  if (!j.is_object() || !j.contains("runs") || !j["runs"].is_array())
    throw io::InputError(source, 0, "runs",
                         "missing: not the JSON of al-simulate --json or Save as JSON");
  AlExperimentResult result;
  for (size_t i = 0; i < j["runs"].size(); ++i) {
    const auto& run = j["runs"][i];
    const std::string at = "runs[" + std::to_string(i) + "]";
    if (!run.is_object() || !run.contains("curves") || !run["curves"].is_object())
      throw io::InputError(source, 0, at + ".curves", "missing or not an object");
    AlSimulationResult r;
    r.seed = run.value("seed", uint64_t{0});
    r.cancelled = run.value("cancelled", false);
    r.seconds = run.value("seconds", 0.0);
    for (const auto& [name, rounds] : run["curves"].items()) {
      const auto strategy = parseStrategy(name);
      if (!strategy) throw io::InputError(source, 0, at + ".curves." + name, "unknown strategy");
      if (!rounds.is_array())
        throw io::InputError(source, 0, at + ".curves." + name, "expected an array of rounds");
      AlCurve curve;
      curve.strategy = *strategy;
      for (size_t k = 0; k < rounds.size(); ++k)
        curve.rounds.push_back(AlRoundJson::read(
            rounds[k], source, at + ".curves." + name + "[" + std::to_string(k) + "]"));
      r.curves.push_back(std::move(curve));
    }
    if (run.contains("full_data") && !run["full_data"].is_null())
      r.fullData = AlRoundJson::read(run["full_data"], source, at + ".full_data");
    result.cancelled = result.cancelled || r.cancelled;
    result.seconds += r.seconds;
    result.runs.push_back(std::move(r));
  }
  if (j.value("cancelled", false)) result.cancelled = true;
  // --full-f1 runs have no full-data training, only the figure given.
  bool trained = false;
  for (const auto& r : result.runs) trained = trained || r.fullData.has_value();
  std::optional<double> given;
  if (!trained && j.contains("full_data_f") && j["full_data_f"].is_number())
    given = j["full_data_f"].get<double>();
  result.summary = summarize(result.runs, given);
  return result;
}

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
  j["retrain"] = toString(options.retrain);
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
    r["full_data"] =
        run.fullData ? AlRoundJson::write(*run.fullData) : nlohmann::ordered_json(nullptr);
    r["curves"] = nlohmann::ordered_json::object();
    for (const auto& curve : run.curves) {
      auto& rounds = r["curves"][toString(curve.strategy)];
      rounds = nlohmann::ordered_json::array();
      for (const auto& round : curve.rounds) rounds.push_back(AlRoundJson::write(round));
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
