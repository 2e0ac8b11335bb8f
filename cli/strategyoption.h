#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace spanforge::cli {

// The --strategy option of rank and al-simulate. Its choices and help come
// from active::strategyTable(), so a new strategy needs no edit in the CLI.
// intro: the help's first line, saying what the strategy picks.
CLI::Option* addStrategyOption(CLI::App& cmd, std::string& strategy, const std::string& intro);

// al-simulate's --strategy: one or more ids (repeated or comma-separated), or
// "all" for every strategy in the table.
CLI::Option* addStrategiesOption(CLI::App& cmd, std::vector<std::string>& strategies,
                                 const std::string& intro);

// intro, then one "id  description" line per strategy, ids aligned.
std::string strategyHelp(const std::string& intro);

}  // namespace spanforge::cli
