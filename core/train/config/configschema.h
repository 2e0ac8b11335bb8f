#pragma once

#include "train/config/trainconfig.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace spanforge::train {

// A setting's value as it appears in the TOML file.
using ConfigValue = std::variant<int64_t, double, bool, std::string>;
enum class ValueType { Integer, Float, Boolean, String };

// One setting of the training config: where it lives, what it means, what it
// may hold and how to read and write it on a TrainConfig. The table of these
// drives toToml(), fromToml() and validateConfig(), so a setting is described
// once.
struct ConfigField {
  std::string section;  // "model", "training", "data", "device"
  std::string key;      // snake_case TOML key
  std::string comment;  // one line: what it does
  ValueType type = ValueType::Integer;
  std::string constraint;  // readable after "must be", e.g. "an integer >= 1"
  std::function<ConfigValue(const TrainConfig&)> get;
  std::function<void(TrainConfig&, const ConfigValue&)> set;  // value holds `type`
  std::function<bool(const ConfigValue&)> accepts;            // value holds `type`

  std::string name() const { return section + "." + key; }
};

// Sections in the order toToml() writes them.
const std::vector<std::string>& configSections();
// One line per section, written above its header.
std::string sectionComment(std::string_view section);
// Every setting, grouped by section in configSections() order.
const std::vector<ConfigField>& configFields();
// nullptr when there is no such setting.
const ConfigField* findConfigField(std::string_view section, std::string_view key);

// Rules between settings, checked after every value passed its own check:
// returns (key, message) pairs, empty when the config is consistent.
struct RuleViolation {
  std::string key;  // "section.key" the problem is reported against
  std::string message;
};
std::vector<RuleViolation> checkConfigRules(const TrainConfig& config);

// A value as TOML writes it: integers plainly, floats in the shortest form
// that reads back exactly (always with a '.' or exponent), strings quoted
// and escaped, booleans as true/false.
std::string formatValue(const ConfigValue& value);

}  // namespace spanforge::train
