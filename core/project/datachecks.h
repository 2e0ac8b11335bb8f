#pragma once

#include "model/vectorscoverage.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::model {
class Vectors;
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
// leading/trailing whitespace, spans not aligned to tokens, empty documents;
// with word vectors, how many of the project's words they cover.
class DataChecks {
 public:
  static constexpr int64_t kMinExamplesPerLabel = 50;
  static constexpr size_t kMaxExamples = 5;
  // Below this share of running words with a vector, the vectors are likely of
  // another language or tokenisation: a warning.
  static constexpr double kMinVectorsCoverage = 0.5;

  explicit DataChecks(store::ProjectStore& project) : project_(project) {}
  // Adds the "vectors_coverage" check for these vectors (`name`: the file).
  DataChecks& withVectors(const model::Vectors& vectors, std::string name);
  DataReport run();

  // How much of every document's words (the model reads them all) the
  // vectors cover, with the kMaxExamples most frequent words they lack.
  static model::VectorsCoverage::Result vectorsCoverage(store::ProjectStore& project,
                                                        const model::Vectors& vectors);

 private:
  CheckResult vectorsCheck();

  store::ProjectStore& project_;
  const model::Vectors* vectors_ = nullptr;
  std::string vectorsName_;
};

}  // namespace spanforge::project
