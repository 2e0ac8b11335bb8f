#pragma once

#include "cli/cliapp.h"

#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <vector>

namespace spanforge::testing {

struct CliResult {
  int code = -1;
  std::string out;
  std::string err;
};

// Runs spanforge-cli in-process with the given arguments (without argv[0]).
inline CliResult runCliArgs(std::vector<std::string> args) {
  args.insert(args.begin(), "spanforge-cli");
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  CliResult r;
  r.code = spanforge::cli::runCli(static_cast<int>(argv.size()), argv.data(), out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// Each non-empty line of JSON Lines text, parsed.
inline std::vector<nlohmann::json> jsonLines(const std::string& text) {
  std::vector<nlohmann::json> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(nlohmann::json::parse(line));
  return out;
}

// What the CLI tests call it.
inline CliResult run(std::vector<std::string> args) { return runCliArgs(std::move(args)); }

}  // namespace spanforge::testing
