#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spanforge::active {

// How the unlabelled pool is ranked (see UncertaintyScorer for the scores):
//   LeastConfidence - 1 - P(best path)
//   Mnlp            - maximum normalised log-probability: lowest
//                     log P(best path) / tokens first
//   Entropy         - mean entropy of the CRF's token marginals
//   Margin          - P(best path) - P(second-best path), smallest first
//   Random          - a seeded shuffle, the baseline the others must beat
enum class Strategy { LeastConfidence, Mnlp, Entropy, Margin, Random };

// "lc", "mnlp", "entropy", "margin", "random": the names the CLI and the
// store use.
const char* toString(Strategy s);
// The names above; nullopt for anything else.
std::optional<Strategy> parseStrategy(std::string_view name);
std::vector<Strategy> allStrategies();
// "lc|mnlp|entropy|margin|random", for messages.
std::string strategyNames(const char* separator = "|");

}  // namespace spanforge::active
