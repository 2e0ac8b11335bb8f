#include "active/strategy.h"

namespace spanforge::active {

const std::vector<StrategyInfo>& strategyTable() {
  static const std::vector<StrategyInfo> table = {
      {Strategy::LeastConfidence, "lc", "Least confidence",
       "lowest probability of the best path first"},
      {Strategy::Mnlp, "mnlp", "Normalised log-probability",
       "lowest log-probability per token first"},
      {Strategy::Entropy, "entropy", "Token entropy", "highest mean token tag entropy first"},
      {Strategy::Margin, "margin", "Margin", "smallest best vs second-best gap first"},
      {Strategy::Bald, "bald", "Dropout disagreement (BALD)",
       "most disagreement between 10 dropout samples"},
      {Strategy::Rare, "rare", "Margin, rare labels first",
       "margin, up to 2x where rare labels are seen"},
      {Strategy::Spread, "spread", "Margin, spread-out batches",
       "margin, batches spread over sentence vectors"},
      {Strategy::Random, "random", "Random", "a seeded shuffle: the baseline to beat"},
  };
  return table;
}

const StrategyInfo& strategyInfo(Strategy s) {
  for (const StrategyInfo& info : strategyTable())
    if (info.strategy == s) return info;
  return strategyTable().front();  // unreachable while every enumerator has a row
}

const char* toString(Strategy s) { return strategyInfo(s).id; }

std::vector<Strategy> allStrategies() {
  std::vector<Strategy> out;
  for (const StrategyInfo& info : strategyTable()) out.push_back(info.strategy);
  return out;
}

std::optional<Strategy> parseStrategy(std::string_view name) {
  for (const StrategyInfo& info : strategyTable())
    if (name == info.id) return info.strategy;
  return std::nullopt;
}

std::string strategyNames(const char* separator) {
  std::string out;
  for (const StrategyInfo& info : strategyTable()) {
    if (!out.empty()) out += separator;
    out += info.id;
  }
  return out;
}

}  // namespace spanforge::active
