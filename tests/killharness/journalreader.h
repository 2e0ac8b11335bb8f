#pragma once

#include "docstate.h"
#include "labelset.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace spanforge::killharness {

// The label driver's journal as the harness reads it after the kill: the
// last saved state of every document and of the labels, the action that was
// in flight (an intent without its "saved" line), and what the driver itself
// found wrong. A last line cut short by the kill is ignored.
struct JournalReader {
  struct Intent {
    int64_t seq = 0;
    std::string action;
    std::map<int64_t, std::pair<DocState, DocState>> docs;  // before, predicted after
    std::optional<std::pair<LabelSet, LabelSet>> labels;
  };

  // Throws std::runtime_error for a line other than the last that is not JSON.
  static JournalReader read(const std::string& path);

  bool started = false;
  int64_t intents = 0;
  int64_t saved = 0;
  std::map<int64_t, DocState> savedDocs;
  // Each document's state before the first intent that named it.
  std::map<int64_t, DocState> firstBefore;
  std::optional<LabelSet> savedLabels;
  std::optional<LabelSet> firstLabelsBefore;
  std::optional<Intent> inFlight;
  std::vector<std::string> problems;  // "mismatch" and "error" lines
  std::vector<int64_t> roundModels;   // auto-retrain rounds that made a model
  int64_t roundsStarted = 0;
  bool cutShort = false;  // the last line was incomplete
};

}  // namespace spanforge::killharness
