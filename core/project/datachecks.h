#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::project {

enum class Severity { Ok, Info, Warning };
const char* toString(Severity s);

struct CheckExample {
  int64_t documentId = 0;
  std::string detail;  // e.g. the span text and its offsets
};

struct CheckResult {
  std::string id;  // stable key, e.g. "rare_labels"
  Severity severity = Severity::Ok;
  std::string message;                 // one line a user can act on
  int64_t count = 0;                   // affected items
  std::vector<CheckExample> examples;  // the first few
};

struct DataReport {
  int64_t documents = 0;  // accepted documents checked
  int64_t spans = 0;
  std::vector<CheckResult> checks;
};

// The checks spaCy's `debug data` makes, over a project's accepted documents:
// labels with too few examples, texts in both train and dev, spans with
// leading/trailing whitespace, spans not aligned to tokens, empty documents.
class DataChecks {
 public:
  static constexpr int64_t kMinExamplesPerLabel = 50;
  static constexpr size_t kMaxExamples = 5;

  explicit DataChecks(store::ProjectStore& project) : project_(project) {}
  DataReport run();

 private:
  store::ProjectStore& project_;
};

}  // namespace spanforge::project
