#pragma once

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace spanforge::train {

// Entity-level exact-match scores (CoNLL / seqeval): a predicted entity counts
// only when its boundaries and label both equal a gold entity's. Fractions in
// 0..1. When a denominator is zero the score is 0 (no predictions: precision
// 0; no gold: recall 0; both zero: F1 0), as seqeval does.
struct PrfScores {
  double precision = 0.0;
  double recall = 0.0;
  double f1 = 0.0;
  int64_t support = 0;    // gold entities
  int64_t predicted = 0;  // predicted entities
  int64_t correct = 0;    // exact matches

  // Fills precision, recall and f1 from the counts.
  void computeRates();
};

// Why predicted and gold entities disagree. Every prediction without an exact
// match gets one kind (first that applies, in this order):
//   wrongType          - a gold entity has the same boundaries, another label;
//   wrongBoundary      - it overlaps a gold entity of its label;
//   wrongBoundaryType  - it overlaps a gold entity of another label;
//   spurious           - it overlaps no gold entity.
// A gold entity that no prediction matches or overlaps is missed. (A gold
// entity overlapped by a wrong prediction is accounted for by that prediction.)
struct ErrorCounts {
  int64_t wrongType = 0;
  int64_t wrongBoundary = 0;
  int64_t wrongBoundaryType = 0;
  int64_t missed = 0;
  int64_t spurious = 0;

  int64_t total() const {
    return wrongType + wrongBoundary + wrongBoundaryType + missed + spurious;
  }
};

// Gold label x predicted label over entities with identical boundaries; the
// extra last row and column (index labels.size(), "no entity") hold gold
// entities no prediction has the boundaries of, and predictions no gold entity
// has the boundaries of. So the diagonal is the exact matches, row sums are
// supports and column sums are predicted counts; boundary errors show as
// missed plus spurious here and are told apart in ErrorCounts.
struct ConfusionMatrix {
  std::vector<std::string> labels;           // sorted
  std::vector<std::vector<int64_t>> counts;  // [gold][pred], (labels.size() + 1) squared

  // Cell by label name; "" is "no entity". 0 for an unknown label.
  int64_t at(const std::string& gold, const std::string& predicted) const;
};

struct EvaluationReport {
  PrfScores overall;                          // micro average over all entities
  PrfScores macro;                            // unweighted mean of per-label rates (counts summed)
  std::map<std::string, PrfScores> perLabel;  // every label seen in gold or predictions
  ErrorCounts errors;
  std::map<std::string, ErrorCounts> errorsPerLabel;  // by gold label; spurious by predicted label
  ConfusionMatrix confusion;
  int64_t sentences = 0;
  int64_t tokens = 0;         // tokens with a tag compared (0 when only spans were given)
  int64_t correctTokens = 0;  // tokens whose gold and predicted tags are equal

  // correctTokens / tokens; nullopt when no tokens were compared.
  std::optional<double> tokenAccuracy() const;
};

// JSON for `spanforge-cli evaluate --json` and the model package's metrics:
// {"ents_p", "ents_r", "ents_f", "ents_support", "ents_predicted", "ents_correct",
//  "macro_p", "macro_r", "macro_f", "per_label": {LABEL: {"p", "r", "f", "support"}},
//  "token_acc" (null without tokens), "sentences", "tokens",
//  "errors": {"wrong_type", "wrong_boundary", "wrong_boundary_type", "missed", "spurious"},
//  "errors_per_label": {LABEL: {...same keys}},
//  "confusion": {"labels": [...], "counts": [[...]]}} (last row/column: no entity).
void to_json(nlohmann::json& j, const PrfScores& s);
void to_json(nlohmann::json& j, const ErrorCounts& e);
void to_json(nlohmann::json& j, const EvaluationReport& r);

}  // namespace spanforge::train
