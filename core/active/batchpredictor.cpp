#include "active/batchpredictor.h"

#include "model/nermodel.h"
#include "train/device/parallelfor.h"

#include <algorithm>

namespace spanforge::active {

std::vector<model::Prediction> BatchPredictor::predict(
    const model::NerModel& model, const std::vector<std::vector<std::string>>& sentences,
    int threads, int dropoutSamples, bool sentenceVectors) {
  std::vector<model::Prediction> out(sentences.size());
  if (sentences.empty()) return out;
  const size_t parts =
      std::min(sentences.size(), static_cast<size_t>(train::ParallelFor::resolve(threads)));
  train::ParallelFor::run(parts, static_cast<int>(parts), [&](size_t p) {
    const size_t begin = sentences.size() * p / parts, end = sentences.size() * (p + 1) / parts;
    const std::vector<std::vector<std::string>> part(sentences.begin() + begin,
                                                     sentences.begin() + end);
    auto predicted = model.predict(part, dropoutSamples, sentenceVectors);
    std::move(predicted.begin(), predicted.end(), out.begin() + begin);
  });
  return out;
}

}  // namespace spanforge::active
