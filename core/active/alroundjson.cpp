#include "active/alroundjson.h"

#include "io/inputerror.h"

namespace spanforge::active {

nlohmann::ordered_json AlRoundJson::write(const AlRound& r) {
  return {{"round", r.round},
          {"fraction", r.fraction},
          {"sentences", r.sentences},
          {"words", r.words},
          {"entities", r.entities},
          {"p", r.test.precision},
          {"r", r.test.recall},
          {"f", r.test.f1},
          {"dev_f", r.devF1},
          {"steps", r.steps},
          {"finish_reason", r.finishReason},
          {"train_seconds", r.trainSeconds},
          {"rank_seconds", r.rankSeconds}};
}

AlRound AlRoundJson::read(const nlohmann::ordered_json& j, const std::string& source,
                          const std::string& field) {
  if (!j.is_object()) throw io::InputError(source, 0, field, "expected an object (a round)");
  AlRound r;
  try {
    r.round = j.at("round").get<int64_t>();
    r.fraction = j.at("fraction").get<double>();
    r.sentences = j.at("sentences").get<int64_t>();
    r.test.f1 = j.at("f").get<double>();
    r.test.precision = j.value("p", 0.0);
    r.test.recall = j.value("r", 0.0);
    r.words = j.value("words", int64_t{0});
    r.entities = j.value("entities", int64_t{0});
    r.devF1 = j.value("dev_f", 0.0);
    r.steps = j.value("steps", int64_t{0});
    r.finishReason = j.value("finish_reason", std::string());
    r.trainSeconds = j.value("train_seconds", 0.0);
    r.rankSeconds = j.value("rank_seconds", 0.0);
  } catch (const nlohmann::ordered_json::exception& e) {
    throw io::InputError(source, 0, field,
                         "a round needs round, fraction, sentences and f as numbers (" +
                             std::string(e.what()) + ")");
  }
  return r;
}

}  // namespace spanforge::active
