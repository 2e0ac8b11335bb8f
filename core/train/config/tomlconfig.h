#pragma once

#include "train/config/trainconfig.h"

#include <string>
#include <string_view>

namespace spanforge::train {

// The training config as TOML text: every setting of every section, in a
// fixed order, each with a one-line comment above it saying what it does and
// what it may hold. What `spanforge-cli init-config` prints and what a model
// package stores.
std::string toToml(const TrainConfig& config);

// Reads a config written by hand or by toToml(). Missing keys keep their value
// in `defaults`; unknown sections and keys, values of the wrong type or out of
// range, and inconsistent settings are errors. Throws ConfigError listing every
// problem as "SOURCE:LINE: section.key: message", e.g.
//   "config.toml:12: training.learnig_rate: unknown key (did you mean learning_rate?)".
TrainConfig fromToml(std::string_view text, const std::string& sourceName,
                     const TrainConfig& defaults = TrainConfig{});

// fromToml() on a file's contents, then checkFiles(); the path names the
// source in messages. Throws ConfigError when the file cannot be read.
TrainConfig loadConfigFile(const std::string& path);

// Throws ConfigError naming the line of the setting when a file the config
// names (model.vectors) cannot be read. text is the config's TOML.
void checkFiles(const TrainConfig& config, std::string_view text, const std::string& sourceName);

}  // namespace spanforge::train
