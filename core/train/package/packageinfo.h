#pragma once

#include "train/data/corpus.h"
#include "train/eval/evaluationreport.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spanforge::train {

// A file of a model package as meta.json records it, so loading can tell a
// truncated or swapped file from the one written.
struct PackageFile {
  int64_t bytes = 0;
  std::string xxh3;  // XXH3-64 of the contents, 16 hex digits
};

// The contents of a model package's meta.json.
struct PackageInfo {
  int64_t formatVersion = 0;
  std::string spanforgeVersion;
  std::string created;  // ISO 8601 UTC, e.g. "2024-05-01T12:00:00Z"

  std::vector<std::string> labels;  // in the model's order (its tag order)
  std::string tagScheme;            // "biluo" or "iob2"

  // Training data and run.
  std::string trainSource;  // file or project the data came from
  std::string devSource;
  int64_t trainSentences = 0;
  int64_t trainWords = 0;
  int64_t trainEntities = 0;
  int64_t devSentences = 0;
  int64_t devWords = 0;
  int64_t devEntities = 0;
  int64_t steps = 0;
  int64_t epochs = 0;
  int64_t bestStep = 0;
  double trainingSeconds = 0.0;
  std::string finishReason;
  std::string resumedFrom;  // package training continued from; empty when none

  // Scores of this model: dev always, test when a test set was given. The
  // JSON is {"dev": EvaluationReport JSON, "test": ... (optional)}.
  double devF1 = 0.0;
  std::optional<double> testF1;
  std::string metricsJson = "{}";

  // Pretrained vectors stored in the package (vectors.bin); rows 0 = none.
  int64_t vectorsRows = 0;
  int64_t vectorsDim = 0;
  std::string vectorsSource;

  // Training words stored in the package (known_words.txt); 0 = none, every
  // word is hashed (model.unknown_words off, or a package from before it).
  int64_t knownWords = 0;

  // Calibration: the temperature every CRF score is divided by
  // (NerModel::setTemperature), fitted on the dev set; 1 in packages from
  // before calibration.
  double temperature = 1.0;

  // Every other file of the package by name.
  std::map<std::string, PackageFile> files;

  // Fills the train* and dev* sizes.
  void setData(const Corpus& train, const Corpus& dev);
  // Fills devF1, testF1 and metricsJson.
  void setMetrics(const EvaluationReport& dev, const EvaluationReport* test = nullptr);

  std::string toJson() const;
  // Throws ModelPackageError naming `path` for invalid JSON or a missing or
  // mistyped field.
  static PackageInfo fromJson(std::string_view text, const std::string& path);
};

}  // namespace spanforge::train
