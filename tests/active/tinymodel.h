#pragma once

// A NerModel whose scores are set by hand: every weight zero, so the tag
// scores of every token are the output layer's bias, and the CRF's learned
// start, end and transition scores as given. Its predictions can then be
// checked against values worked out on paper or by enumerating paths.

// First, so that Catch's CHECK replaces glog's (see torchcatch.h).
#include "torchcatch.h"

#include "model/crfscores.h"
#include "model/nermodel.h"
#include "model/tagset.h"

#include <cmath>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

// For Catch's messages (torch brings glog's operator<< for vectors, which
// needs one for the elements).
namespace spanforge::text {
inline std::ostream& operator<<(std::ostream& os, const TokenSpan& s) {
  return os << "[" << s.first << "," << s.last << ")" << s.label;
}
}  // namespace spanforge::text

namespace spanforge::active::testing {

inline model::ModelConfig tinyModelConfig(const std::string& scheme) {
  model::ModelConfig c;
  c.hashRows = 50;
  c.hashSeeds = 1;
  c.wordDim = 4;
  c.charDim = 4;
  c.charFilters = 4;
  c.hidden = 4;
  c.dropout = 0.0;
  c.tagScheme = scheme;
  return c;
}

// `emission`: one score per tag, the same for every token. `learned`: the
// CRF's start, end and transition scores; entries the tag scheme forbids
// may be anything (the model masks them).
inline std::unique_ptr<model::NerModel> tinyModel(const std::vector<std::string>& labels,
                                                  const std::string& scheme,
                                                  const std::vector<float>& emission,
                                                  const model::CrfScores& learned) {
  auto m = std::make_unique<model::NerModel>(tinyModelConfig(scheme), labels);
  const int64_t k = m->tagSet().size();
  REQUIRE(static_cast<int64_t>(emission.size()) == k);
  torch::NoGradGuard noGrad;
  int found = 0;
  auto finite = [](const std::vector<double>& v) {
    std::vector<float> out;
    for (double x : v) out.push_back(std::isfinite(x) ? static_cast<float>(x) : 0.0f);
    return out;
  };
  for (auto& p : m->module().named_parameters(true)) {
    torch::Tensor t = p.value();
    t.zero_();
    std::vector<float> values;
    if (p.key() == "output.bias") values = emission;
    if (p.key() == "crf_start") values = finite(learned.start);
    if (p.key() == "crf_end") values = finite(learned.end);
    if (p.key() == "crf_transitions") values = finite(learned.transitions);
    if (values.empty()) continue;
    ++found;
    REQUIRE(static_cast<int64_t>(values.size()) == t.numel());
    t.copy_(torch::tensor(values).view(t.sizes()));
  }
  REQUIRE(found == 4);
  return m;
}

// Learned CRF scores of zero everywhere.
inline model::CrfScores zeroScores(int64_t k) {
  model::CrfScores s;
  s.numTags = k;
  s.start.assign(static_cast<size_t>(k), 0.0);
  s.end.assign(static_cast<size_t>(k), 0.0);
  s.transitions.assign(static_cast<size_t>(k * k), 0.0);
  return s;
}

// Every token scores O, B, I as log 1, 2, 3 and the CRF adds nothing: every
// document is predicted as one span over all its tokens (B I I ...), and the
// longer a document, the less likely that path: P = 2/3, 6/15, 18/81, ...
// So least confidence ranks documents longest first.
inline std::unique_ptr<model::NerModel> lengthModel(std::vector<std::string> labels = {"A"}) {
  return tinyModel(labels, "iob2", {0.0f, std::log(2.0f), std::log(3.0f)}, zeroScores(3));
}

}  // namespace spanforge::active::testing
