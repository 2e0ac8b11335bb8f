#pragma once

#include "docstate.h"
#include "labelset.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <utility>

namespace spanforge::killharness {

// What one user action does to the project: each touched document's state
// before and after, and the labels' when it edits them. The label driver
// journals its prediction before acting and keeps what really happened for
// undo and redo.
struct Transition {
  std::map<int64_t, std::pair<DocState, DocState>> docs;
  std::optional<std::pair<LabelSet, LabelSet>> labels;

  Transition reversed() const {
    Transition r;
    for (const auto& [id, ba] : docs) r.docs[id] = {ba.second, ba.first};
    if (labels) r.labels = std::make_pair(labels->second, labels->first);
    return r;
  }
  bool changes() const {
    for (const auto& [id, ba] : docs)
      if (ba.first != ba.second) return true;
    return labels && labels->first != labels->second;
  }
  // The intent's payload: {"docs": [{"id", "before", "after"}], "labels": {...}}.
  nlohmann::json toJson() const {
    nlohmann::json j;
    j["docs"] = nlohmann::json::array();
    for (const auto& [id, ba] : docs)
      j["docs"].push_back(
          {{"id", id}, {"before", ba.first.toJson()}, {"after", ba.second.toJson()}});
    if (labels)
      j["labels"] = {{"before", labels->first.toJson()}, {"after", labels->second.toJson()}};
    return j;
  }
};

}  // namespace spanforge::killharness
