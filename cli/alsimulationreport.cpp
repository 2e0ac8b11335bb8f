#include "cli/alsimulationreport.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace spanforge::cli {
namespace {

nlohmann::ordered_json roundJson(const active::AlRound& r) {
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

std::string shareText(const std::optional<double>& v) {
  if (!v) return "not reached";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * *v);
  return buf;
}

}  // namespace

std::string AlSimulationReport::header() {
  return "seed  curve    round  labelled  sentences  test P  test R  test F   steps  seconds\n";
}

std::string AlSimulationReport::row(uint64_t seed, const std::string& curve,
                                    const active::AlRound& r) {
  char buf[200];
  std::snprintf(
      buf, sizeof buf, "%4llu  %-7s  %5lld  %7.1f%%  %9lld  %6.2f  %6.2f  %6.2f  %6lld  %7.1f\n",
      static_cast<unsigned long long>(seed), curve.c_str(), static_cast<long long>(r.round),
      100.0 * r.fraction, static_cast<long long>(r.sentences), 100.0 * r.test.precision,
      100.0 * r.test.recall, 100.0 * r.test.f1, static_cast<long long>(r.steps),
      r.trainSeconds + r.rankSeconds);
  return buf;
}

std::string AlSimulationReport::summary(const active::AlSummary& s) {
  std::string out;
  char buf[200];
  std::snprintf(buf, sizeof buf, "\nMean test F1 over %d seed(s)", s.seeds);
  out += buf;
  if (s.fullF1) {
    std::snprintf(buf, sizeof buf, "; full data: %.2f (sd %.2f)", 100.0 * *s.fullF1,
                  100.0 * s.fullSd);
    out += buf;
  }
  out += "\nstrategy  labelled  sentences  test F     sd     min     max\n";
  for (const auto& st : s.strategies) {
    for (const auto& p : st.points) {
      std::snprintf(buf, sizeof buf, "%-8s  %7.1f%%  %9lld  %6.2f  %5.2f  %6.2f  %6.2f\n",
                    active::toString(st.strategy), 100.0 * p.fraction,
                    static_cast<long long>(p.sentences), 100.0 * p.meanF1, 100.0 * p.sdF1,
                    100.0 * p.minF1, 100.0 * p.maxF1);
      out += buf;
    }
  }
  if (s.fullF1) {
    out += "\nLabels needed for 95% / 99% of full-data F1:\n";
    for (const auto& st : s.strategies) {
      std::snprintf(buf, sizeof buf, "%-8s  %s / %s\n", active::toString(st.strategy),
                    shareText(st.reach95).c_str(), shareText(st.reach99).c_str());
      out += buf;
    }
  }
  return out;
}

nlohmann::ordered_json AlSimulationReport::json(const AlSimulationSettings& settings,
                                                const std::vector<active::AlSimulationResult>& runs,
                                                const active::AlSummary& s) {
  nlohmann::ordered_json j;
  j["strategies"] = settings.strategies;
  j["seeds"] = settings.seeds;
  j["seed_fraction"] = settings.seedFraction;
  j["step_fraction"] = settings.stepFraction;
  j["pretrained"] = settings.pretrained;
  j["budget"] = {{"max_steps", settings.maxSteps},
                 {"max_epochs", settings.maxEpochs},
                 {"patience", settings.patience},
                 {"max_minutes", settings.maxMinutes}};
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
      auto& rounds = r["curves"][active::toString(curve.strategy)];
      rounds = nlohmann::ordered_json::array();
      for (const auto& round : curve.rounds) rounds.push_back(roundJson(round));
    }
    runsJson.push_back(std::move(r));
  }
  j["cancelled"] = cancelled;
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
    j["summary"][active::toString(st.strategy)] = {{"points", std::move(points)},
                                                   {"reach_95", optionalShare(st.reach95)},
                                                   {"reach_99", optionalShare(st.reach99)}};
  }
  return j;
}

}  // namespace spanforge::cli
