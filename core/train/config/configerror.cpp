#include "train/config/configerror.h"

namespace spanforge::train {
namespace {

std::string joinIssues(const std::vector<ConfigIssue>& issues) {
  std::string out;
  for (const ConfigIssue& i : issues) {
    if (!out.empty()) out += '\n';
    out += i.toString();
  }
  return out;
}

// An empty issue list would leave the accessors without a first issue.
std::vector<ConfigIssue> nonEmpty(std::vector<ConfigIssue> issues) {
  if (issues.empty()) issues.push_back({"config", 0, "", "invalid configuration"});
  return issues;
}

}  // namespace

std::string ConfigIssue::toString() const {
  std::string out = file;
  if (line > 0) out += ":" + std::to_string(line);
  out += ": ";
  if (!key.empty()) out += key + ": ";
  return out + message;
}

ConfigError::ConfigError(std::vector<ConfigIssue> issues)
    : std::runtime_error(joinIssues(nonEmpty(issues))), issues_(nonEmpty(std::move(issues))) {}

ConfigError::ConfigError(std::string file, int64_t line, std::string key, std::string message)
    : ConfigError(
          std::vector<ConfigIssue>{{std::move(file), line, std::move(key), std::move(message)}}) {}

}  // namespace spanforge::train
