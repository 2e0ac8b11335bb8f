#include "train/package/packageinfo.h"

#include "io/jsonrecord.h"
#include "train/package/modelpackageerror.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace spanforge::train {
namespace {

using Json = nlohmann::ordered_json;

// An integer JSON number that T can hold.
template <class T>
bool fits(const Json& j) {
  if (j.is_number_unsigned()) {
    return j.get<uint64_t>() <= static_cast<uint64_t>(std::numeric_limits<T>::max());
  }
  const auto v = j.get<int64_t>();  // negative: nlohmann keeps the others unsigned
  if constexpr (std::is_unsigned_v<T>) return false;
  return v >= static_cast<int64_t>(std::numeric_limits<T>::min());
}

template <class T>
T jsonField(const Json& j, const char* key, const std::string& path) {
  const auto it = j.find(key);
  if (it == j.end()) throw ModelPackageError(path, std::string("missing field \"") + key + "\"");
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    // nlohmann converts 2e38 to an integer without a check (undefined).
    if (!it->is_number_integer() || !fits<T>(*it)) {
      throw ModelPackageError(path, std::string("field \"") + key +
                                        "\" must be a whole number in the range of its type");
    }
  }
  try {
    return it->get<T>();
  } catch (const nlohmann::json::exception&) {
    throw ModelPackageError(path, std::string("field \"") + key + "\" has the wrong type");
  }
}

template <class T>
T optionalField(const Json& j, const char* key, const std::string& path, T fallback) {
  return j.contains(key) ? jsonField<T>(j, key, path) : fallback;
}

}  // namespace

void PackageInfo::setData(const Corpus& train, const Corpus& dev) {
  trainSentences = static_cast<int64_t>(train.size());
  trainWords = train.words();
  trainEntities = train.entities();
  devSentences = static_cast<int64_t>(dev.size());
  devWords = dev.words();
  devEntities = dev.entities();
}

void PackageInfo::setMetrics(const EvaluationReport& dev, const EvaluationReport* test) {
  nlohmann::json j;
  j["dev"] = dev;
  devF1 = dev.overall.f1;
  testF1.reset();
  if (test) {
    j["test"] = *test;
    testF1 = test->overall.f1;
  }
  metricsJson = j.dump();
}

std::string PackageInfo::toJson() const {
  Json j;
  j["format_version"] = formatVersion;
  j["spanforge_version"] = spanforgeVersion;
  j["created"] = created;
  j["labels"] = labels;
  j["tag_scheme"] = tagScheme;
  j["training"] = {{"train_source", trainSource},
                   {"dev_source", devSource},
                   {"train_sentences", trainSentences},
                   {"train_words", trainWords},
                   {"train_entities", trainEntities},
                   {"dev_sentences", devSentences},
                   {"dev_words", devWords},
                   {"dev_entities", devEntities},
                   {"steps", steps},
                   {"epochs", epochs},
                   {"best_step", bestStep},
                   {"seconds", trainingSeconds},
                   {"finish_reason", finishReason},
                   {"resumed_from", resumedFrom}};
  j["temperature"] = temperature;
  j["dev_f"] = devF1;
  j["test_f"] = testF1 ? Json(*testF1) : Json(nullptr);
  j["metrics"] = Json::parse(metricsJson);
  j["vectors"] = vectorsRows > 0 ? Json{{"file", "vectors.bin"},
                                        {"rows", vectorsRows},
                                        {"dim", vectorsDim},
                                        {"source", vectorsSource}}
                                 : Json(nullptr);
  j["known_words"] =
      knownWords > 0 ? Json{{"file", "known_words.txt"}, {"count", knownWords}} : Json(nullptr);
  Json list = Json::object();
  for (const auto& [name, f] : files) list[name] = {{"bytes", f.bytes}, {"xxh3", f.xxh3}};
  j["files"] = list;
  return j.dump(2) + "\n";
}

PackageInfo PackageInfo::fromJson(std::string_view text, const std::string& path) {
  Json j;
  if (io::JsonRecord::findTooDeep(text) != std::string_view::npos) {
    throw ModelPackageError(path, "not valid JSON (nested deeper than " +
                                      std::to_string(io::JsonRecord::kMaxDepth) + " levels)");
  }
  try {
    j = Json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw ModelPackageError(path, std::string("not valid JSON (") + e.what() + ")");
  }
  if (!j.is_object()) throw ModelPackageError(path, "not a JSON object");
  PackageInfo p;
  p.formatVersion = jsonField<int64_t>(j, "format_version", path);
  p.spanforgeVersion = optionalField<std::string>(j, "spanforge_version", path, "");
  p.created = optionalField<std::string>(j, "created", path, "");
  p.labels = jsonField<std::vector<std::string>>(j, "labels", path);
  p.tagScheme = jsonField<std::string>(j, "tag_scheme", path);
  const Json t = optionalField<Json>(j, "training", path, Json::object());
  p.trainSource = optionalField<std::string>(t, "train_source", path, "");
  p.devSource = optionalField<std::string>(t, "dev_source", path, "");
  p.trainSentences = optionalField<int64_t>(t, "train_sentences", path, 0);
  p.trainWords = optionalField<int64_t>(t, "train_words", path, 0);
  p.trainEntities = optionalField<int64_t>(t, "train_entities", path, 0);
  p.devSentences = optionalField<int64_t>(t, "dev_sentences", path, 0);
  p.devWords = optionalField<int64_t>(t, "dev_words", path, 0);
  p.devEntities = optionalField<int64_t>(t, "dev_entities", path, 0);
  p.steps = optionalField<int64_t>(t, "steps", path, 0);
  p.epochs = optionalField<int64_t>(t, "epochs", path, 0);
  p.bestStep = optionalField<int64_t>(t, "best_step", path, 0);
  p.trainingSeconds = optionalField<double>(t, "seconds", path, 0.0);
  p.finishReason = optionalField<std::string>(t, "finish_reason", path, "");
  p.resumedFrom = optionalField<std::string>(t, "resumed_from", path, "");
  p.temperature = optionalField<double>(j, "temperature", path, 1.0);
  if (!(p.temperature > 0.0) || !std::isfinite(p.temperature))
    throw ModelPackageError(
        path, "temperature must be a positive number (got " + std::to_string(p.temperature) + ")");
  p.devF1 = optionalField<double>(j, "dev_f", path, 0.0);
  if (j.contains("test_f") && !j["test_f"].is_null())
    p.testF1 = jsonField<double>(j, "test_f", path);
  p.metricsJson = optionalField<Json>(j, "metrics", path, Json::object()).dump();
  if (j.contains("vectors") && !j["vectors"].is_null()) {
    const Json& v = j["vectors"];
    p.vectorsRows = jsonField<int64_t>(v, "rows", path);
    p.vectorsDim = jsonField<int64_t>(v, "dim", path);
    p.vectorsSource = optionalField<std::string>(v, "source", path, "");
  }
  if (j.contains("known_words") && !j["known_words"].is_null())
    p.knownWords = jsonField<int64_t>(j["known_words"], "count", path);
  if (p.knownWords < 0) {
    throw ModelPackageError(path,
                            "known_words.count is negative (" + std::to_string(p.knownWords) + ")");
  }
  const Json list = jsonField<Json>(j, "files", path);
  if (!list.is_object()) throw ModelPackageError(path, "field \"files\" is not an object");
  for (const auto& [name, f] : list.items()) {
    // Each listed name is opened inside the package: it must not lead out of it.
    if (name.empty() || name == "." || name == ".." || name.find('/') != std::string::npos ||
        name.find('\\') != std::string::npos || name.find('\0') != std::string::npos) {
      throw ModelPackageError(path, "field \"files\" lists \"" + name +
                                        "\", which is not a plain file name inside the package");
    }
    p.files[name] = {jsonField<int64_t>(f, "bytes", path), jsonField<std::string>(f, "xxh3", path)};
  }
  return p;
}

}  // namespace spanforge::train
