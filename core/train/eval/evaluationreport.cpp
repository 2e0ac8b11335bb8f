#include "train/eval/evaluationreport.h"

#include <nlohmann/json.hpp>

namespace spanforge::train {

void PrfScores::computeRates() {
  // seqeval: a zero denominator gives 0, not NaN.
  precision = predicted > 0 ? static_cast<double>(correct) / static_cast<double>(predicted) : 0.0;
  recall = support > 0 ? static_cast<double>(correct) / static_cast<double>(support) : 0.0;
  f1 = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0.0;
}

int64_t ConfusionMatrix::at(const std::string& gold, const std::string& predicted) const {
  const auto index = [&](const std::string& label) -> size_t {
    if (label.empty()) return labels.size();
    for (size_t i = 0; i < labels.size(); ++i)
      if (labels[i] == label) return i;
    return labels.size() + 1;  // unknown
  };
  const size_t g = index(gold);
  const size_t p = index(predicted);
  if (g >= counts.size() || p >= counts[g].size()) return 0;
  return counts[g][p];
}

std::optional<double> EvaluationReport::tokenAccuracy() const {
  if (tokens <= 0) return std::nullopt;
  return static_cast<double>(correctTokens) / static_cast<double>(tokens);
}

void to_json(nlohmann::json& j, const PrfScores& s) {
  j = {{"p", s.precision},         {"r", s.recall},       {"f", s.f1}, {"support", s.support},
       {"predicted", s.predicted}, {"correct", s.correct}};
}

void to_json(nlohmann::json& j, const ErrorCounts& e) {
  j = {{"wrong_type", e.wrongType},
       {"wrong_boundary", e.wrongBoundary},
       {"wrong_boundary_type", e.wrongBoundaryType},
       {"missed", e.missed},
       {"spurious", e.spurious}};
}

void to_json(nlohmann::json& j, const EvaluationReport& r) {
  j = nlohmann::json::object();
  j["ents_p"] = r.overall.precision;
  j["ents_r"] = r.overall.recall;
  j["ents_f"] = r.overall.f1;
  j["ents_support"] = r.overall.support;
  j["ents_predicted"] = r.overall.predicted;
  j["ents_correct"] = r.overall.correct;
  j["macro_p"] = r.macro.precision;
  j["macro_r"] = r.macro.recall;
  j["macro_f"] = r.macro.f1;
  j["per_label"] = r.perLabel;
  const auto acc = r.tokenAccuracy();
  j["token_acc"] = acc ? nlohmann::json(*acc) : nlohmann::json(nullptr);
  j["sentences"] = r.sentences;
  j["tokens"] = r.tokens;
  j["errors"] = r.errors;
  j["errors_per_label"] = r.errorsPerLabel;
  j["confusion"] = {{"labels", r.confusion.labels}, {"counts", r.confusion.counts}};
}

}  // namespace spanforge::train
