#include "active/strategy.h"

namespace spanforge::active {

const char* toString(Strategy s) {
  switch (s) {
    case Strategy::LeastConfidence:
      return "lc";
    case Strategy::Mnlp:
      return "mnlp";
    case Strategy::Entropy:
      return "entropy";
    case Strategy::Margin:
      return "margin";
    case Strategy::Random:
      return "random";
  }
  return "lc";
}

std::vector<Strategy> allStrategies() {
  return {Strategy::LeastConfidence, Strategy::Mnlp, Strategy::Entropy, Strategy::Margin,
          Strategy::Random};
}

std::optional<Strategy> parseStrategy(std::string_view name) {
  for (Strategy s : allStrategies())
    if (name == toString(s)) return s;
  return std::nullopt;
}

std::string strategyNames(const char* separator) {
  std::string out;
  for (Strategy s : allStrategies()) {
    if (!out.empty()) out += separator;
    out += toString(s);
  }
  return out;
}

}  // namespace spanforge::active
