#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spanforge::active {

// How the unlabelled pool is ranked (see UncertaintyScorer for the scores).
// strategyTable() says what each one does.
enum class Strategy { LeastConfidence, Mnlp, Entropy, Margin, Bald, Rare, Spread, Random };

// One row per strategy. The table is the only list of strategies: the parser,
// the CLI's choices and help, and the GUI's strategy combo all read it, so a
// new strategy is added here and nowhere else.
struct StrategyInfo {
  Strategy strategy;
  // "lc": the CLI argument and the store's key for stored rankings, so a
  // shipped id never changes.
  const char* id;
  // "Least confidence": what people read in the GUI.
  const char* name;
  // What ranks first, in one short line of plain ASCII: it goes to terminals,
  // after the CLI help's 40-column indent.
  const char* description;
};

// In display order, the default (least confidence) first.
const std::vector<StrategyInfo>& strategyTable();
const StrategyInfo& strategyInfo(Strategy s);

// The strategy's id ("lc", "mnlp", ...).
const char* toString(Strategy s);
// An id from the table; nullopt for anything else (ids are case-sensitive).
std::optional<Strategy> parseStrategy(std::string_view name);
std::vector<Strategy> allStrategies();
// The ids joined, "lc|mnlp|entropy|margin|bald|random", for messages.
std::string strategyNames(const char* separator = "|");

}  // namespace spanforge::active
