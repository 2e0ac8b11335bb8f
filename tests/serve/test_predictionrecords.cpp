// predict writes its records without building every token as a JSON object
// (issue #31: gigabytes for one 16 MiB record); the bytes stay the same.
#include "model/prediction.h"
#include "serve/predictionrecords.h"

#include "catchapi.h"

#include <sstream>
#include <string>

using spanforge::model::Prediction;
using spanforge::serve::PredictionRecords;

namespace {

std::string annotated(PredictionRecords::Json record, const Prediction& p) {
  const auto tokens = PredictionRecords::tokens(record, "in.jsonl", 1);
  PredictionRecords::annotate(record, tokens, p);
  return record.dump();
}

std::string written(PredictionRecords::Json record, const Prediction& p) {
  const auto tokens = PredictionRecords::tokens(record, "in.jsonl", 1);
  std::ostringstream out;
  PredictionRecords::write(out, record, tokens, p);
  return out.str();
}

}  // namespace

TEST_CASE("prediction records: write gives annotate's bytes, streaming the tokens") {
  Prediction p;
  p.spans = {{{0, 2, "PER"}, 0.75}, {{3, 4, "LOC"}, 0.5}};
  const char* const records[] = {
      R"({"text":"Ann Lee met \"Bob\" 😀 in Oslo","meta":{"id":1}})",
      R"({"spans":[{"start":0,"end":1,"label":"X"}],"text":"Ann Lee met Bob in Oslo"})",
      R"({"tokens":["Ann","Lee","met","Bob","in"]})",
      R"({"text":"Ann Lee met Bob","tokens":[{"text":"Ann","start":0},"Lee","met","Bob"],"x":null})",
  };
  for (const char* r : records) {
    INFO(r);
    const auto json = PredictionRecords::Json::parse(r);
    CHECK(written(json, p) == annotated(json, p));
  }
  CHECK(written(PredictionRecords::Json::parse(R"({"text":"Ann"})"), Prediction{}) ==
        R"({"text":"Ann","tokens":[{"text":"Ann","start":0,"end":3,"id":0}],"spans":[]})");
}
