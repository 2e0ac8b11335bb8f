#include "cli/strategyoption.h"

#include "active/strategy.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstring>
#include <vector>

namespace spanforge::cli {

std::string strategyHelp(const std::string& intro) {
  size_t width = 0;
  for (const auto& info : active::strategyTable()) width = std::max(width, std::strlen(info.id));
  std::string help = intro;
  for (const auto& info : active::strategyTable()) {
    // CLI11 indents every line after a '\n' to the description column.
    help += "\n  ";
    help += info.id;
    help.append(width - std::strlen(info.id) + 2, ' ');
    help += info.description;
  }
  return help;
}

CLI::Option* addStrategyOption(CLI::App& cmd, std::string& strategy, const std::string& intro) {
  std::vector<std::string> ids;
  for (const auto& info : active::strategyTable()) ids.emplace_back(info.id);
  return cmd.add_option("--strategy", strategy, strategyHelp(intro))
      ->check(CLI::IsMember(ids))
      ->capture_default_str();
}

CLI::Option* addStrategiesOption(CLI::App& cmd, std::vector<std::string>& strategies,
                                 const std::string& intro) {
  std::vector<std::string> ids{"all"};
  for (const auto& info : active::strategyTable()) ids.emplace_back(info.id);
  return cmd.add_option("--strategy", strategies, strategyHelp(intro))
      ->delimiter(',')
      ->check(CLI::IsMember(ids))
      ->capture_default_str();
}

}  // namespace spanforge::cli
