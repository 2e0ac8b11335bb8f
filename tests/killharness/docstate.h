#pragma once

#include "text/document.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::killharness {

// What a person can change in one document and the kill harness checks: its
// status and its gold spans (sorted). Predictions are a cache the background
// fills in, so they are left out.
struct DocState {
  text::DocStatus status = text::DocStatus::Unlabelled;
  std::vector<text::Span> spans;

  // nullopt when the document does not exist.
  static std::optional<DocState> read(store::ProjectStore& project, int64_t id);
  static DocState fromJson(const nlohmann::json& j);
  nlohmann::json toJson() const;
  // "accepted [0,5) PER, [9,15) ORG" for failure messages.
  std::string describe() const;
  void sortSpans();

  friend bool operator==(const DocState& a, const DocState& b) {
    return a.status == b.status && a.spans == b.spans;
  }
  friend bool operator!=(const DocState& a, const DocState& b) { return !(a == b); }
};

}  // namespace spanforge::killharness
