#pragma once

#include "train/package/packageinfo.h"

#include <string>

namespace spanforge::train {

// A short human-readable description of a model package in Markdown, the
// README.md written next to an exported package: labels, data sizes, dev
// (and test) scores overall and per label, how training ended, the full
// config and the dates.
class ModelCard {
 public:
  static constexpr const char* kFileName = "README.md";

  // `configToml`: the package's config.toml; `exported`: ISO 8601 date of
  // the export (empty: left out).
  static std::string markdown(const PackageInfo& info, const std::string& configToml,
                              const std::string& exported = {});
};

}  // namespace spanforge::train
