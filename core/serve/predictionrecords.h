#pragma once

#include "text/token.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace spanforge::model {
class NerModel;
struct Prediction;
}  // namespace spanforge::model

namespace spanforge::serve {

// Records as `spanforge-cli predict` reads and writes them, one JSON object
// each: "text", or "tokens" (strings or Prodigy token objects), in; the same
// record with "spans" (and "tokens" when tokenized here) out. The CLI reads
// them as JSONL, the server as a JSON body.
class PredictionRecords {
 public:
  using Json = nlohmann::ordered_json;

  // The record's tokens: its "tokens", found in "text" in order (or joined
  // by single spaces into a "text" added to the record), else its "text"
  // tokenized. Throws io::InputError naming source, line and the field
  // (prefixed by `prefix`, e.g. "records[2].") that is wrong.
  static std::vector<text::Token> tokens(Json& record, const std::string& source, int64_t line,
                                         const std::string& prefix = {});

  // Each record's prediction, contiguous parts on `threads` threads (> 0); a
  // record over PredictionWindows::kMaxTokens tokens is predicted in windows.
  static std::vector<model::Prediction> predict(const model::NerModel& model,
                                                const std::vector<std::vector<text::Token>>& tokens,
                                                int threads);

  // Adds "tokens" (when the record had none) and "spans": start and end in
  // code points, label, score (the span's probability), token_start and
  // token_end (inclusive, as Prodigy writes them).
  static void annotate(Json& record, const std::vector<text::Token>& tokens,
                       const model::Prediction& prediction);

  // Writes what annotate() then dump() give, byte for byte, without
  // building the token objects in memory first (about 300 bytes a token
  // there: gigabytes for a 16 MiB record).
  static void write(std::ostream& out, const Json& record, const std::vector<text::Token>& tokens,
                    const model::Prediction& prediction);
  // The same with the spans given (patterns match writes its own).
  static void writeSpans(std::ostream& out, const Json& record,
                         const std::vector<text::Token>& tokens, const Json& spans);
};

}  // namespace spanforge::serve
