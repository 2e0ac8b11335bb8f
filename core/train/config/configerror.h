#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace spanforge::train {

// One problem in a config file. line is 1-based; 0 when the problem has no
// single line (a rule between two settings, an override from the command line).
struct ConfigIssue {
  std::string file;
  int64_t line = 0;
  std::string key;  // "section.key", "section" or empty
  std::string message;

  // "config.toml:12: training.learnig_rate: unknown key (did you mean learning_rate?)";
  // the line and key parts are left out when empty.
  std::string toString() const;
};

// A config that cannot be read or is invalid. Carries every problem found, in
// file order; what() lists them one per line.
class ConfigError : public std::runtime_error {
 public:
  explicit ConfigError(std::vector<ConfigIssue> issues);
  ConfigError(std::string file, int64_t line, std::string key, std::string message);

  const std::vector<ConfigIssue>& issues() const { return issues_; }
  // The first issue's parts.
  const std::string& file() const { return issues_.front().file; }
  int64_t line() const { return issues_.front().line; }
  const std::string& key() const { return issues_.front().key; }
  const std::string& message() const { return issues_.front().message; }

 private:
  std::vector<ConfigIssue> issues_;
};

}  // namespace spanforge::train
