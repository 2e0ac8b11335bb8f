#include "train/eval/temperaturecalibrator.h"

#include "model/batch.h"
#include "model/nermodel.h"
#include "model/temperaturefit.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::train {

double TemperatureCalibrator::fit(const Corpus& dev, const model::NerModel& model) {
  constexpr int64_t kBatchWords = 2000;
  model::TemperatureFit fit;
  model::Batch batch;
  std::vector<int64_t> lengths;
  std::vector<std::vector<int64_t>> gold;
  const auto flush = [&] {
    if (batch.empty()) return;
    fit.add(model.crfInputs(batch), lengths, gold);
    batch = model::Batch();
    lengths.clear();
    gold.clear();
  };
  const std::vector<std::string>& labels = model.labels();
  for (const auto& e : dev.examples()) {
    if (!batch.empty() && batch.words() + static_cast<int64_t>(e.tokens.size()) > kBatchWords)
      flush();
    batch.add(model.featurize(e.tokens));
    lengths.push_back(static_cast<int64_t>(e.tokens.size()));
    // A label the model lacks has no tag: such a span reads as outside.
    std::vector<text::TokenSpan> known;
    for (const auto& s : e.spans)
      if (std::find(labels.begin(), labels.end(), s.label) != labels.end()) known.push_back(s);
    gold.push_back(model.encodeTags(known, e.tokens.size()));
  }
  flush();
  return fit.fit();
}

}  // namespace spanforge::train
