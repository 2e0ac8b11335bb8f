#pragma once

#include "active/alcurve.h"

#include <nlohmann/json.hpp>

#include <string>

namespace spanforge::active {

// One round of a simulated curve as JSON: in `al-simulate --json` documents
// (AlSimulationJson) and in a run's rounds log (RoundLog).
class AlRoundJson {
 public:
  static nlohmann::ordered_json write(const AlRound& r);
  // Throws io::InputError naming `source` and `field` when a needed member is
  // missing or not a number.
  static AlRound read(const nlohmann::ordered_json& j, const std::string& source,
                      const std::string& field);
};

}  // namespace spanforge::active
