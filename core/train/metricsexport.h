#pragma once

#include "store/records.h"

#include <string>
#include <vector>

namespace spanforge::train {

// A training run's metric events as files for notebooks and spreadsheets.
// Both are written to a temporary sibling and renamed, so the file appears
// only when complete. Throws std::runtime_error naming the path on failure.
class MetricsExport {
 public:
  // One row per event: kind ("step" or "evaluation"), step, epoch, loss,
  // elapsed_seconds, words_per_second, memory_bytes, memory_peak_bytes,
  // precision, recall, f1 (0..1, empty on steps), then precision, recall and
  // f1 of every label that occurs ("f1:PER"), sorted by label.
  static void writeCsv(const std::string& path, const std::vector<store::MetricEvent>& events);
  // One JSON object per line with the same fields in snake_case; per_label is
  // {LABEL: {"p", "r", "f", "support"}}. NaN (a diverged loss) is null.
  static void writeJsonl(const std::string& path, const std::vector<store::MetricEvent>& events);
};

}  // namespace spanforge::train
