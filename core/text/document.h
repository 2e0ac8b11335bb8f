#pragma once

#include "text/span.h"
#include "text/token.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace spanforge::text {

enum class DocStatus { Unlabelled = 0, Accepted = 1, Rejected = 2, Ignored = 3 };

// "unlabelled", "accepted", "rejected", "ignored".
const char* toString(DocStatus s);
// Parses the names above; nullopt for anything else.
std::optional<DocStatus> parseDocStatus(const std::string& s);

// A model's predictions for one document, kept apart from gold.
struct Prediction {
  std::string model;  // model name or id as the source calls it
  std::vector<ScoredSpan> spans;
};

// One document as it moves between formats and the store. Text is UTF-8;
// every offset counts code points.
struct Document {
  std::string text;
  std::vector<Token> tokens;  // empty: not tokenized yet
  std::vector<Span> spans;    // gold spans, sorted, non-overlapping
  DocStatus status = DocStatus::Unlabelled;
  std::string source;           // where it came from (file name)
  std::string metaJson = "{}";  // free-form metadata as a JSON object
  std::vector<Prediction> predictions;
};

}  // namespace spanforge::text
