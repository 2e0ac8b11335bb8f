#include "active/documentpredictor.h"

#include "active/batchpredictor.h"
#include "model/computethreads.h"
#include "model/nermodel.h"
#include "store/projectstore.h"
#include "store/storeerror.h"
#include "text/alignment.h"
#include "text/tokenizer.h"

#include <algorithm>
#include <set>

namespace spanforge::active {

DocumentPredictor::DocumentPredictor(store::ProjectStore& project, const model::NerModel& model,
                                     int64_t modelId)
    : project_(project), model_(model), modelId_(modelId) {}

PredictDocumentsResult DocumentPredictor::run(const std::vector<int64_t>& documentIds,
                                              int threads) {
  model::ComputeThreads::apply(1);
  const auto models = project_.runs().models();
  if (std::none_of(models.begin(), models.end(),
                   [this](const store::ModelRecord& m) { return m.id == modelId_; }))
    throw store::StoreError("There is no model with id " + std::to_string(modelId_) + ".");
  PredictDocumentsResult result;
  std::set<std::string> projectLabels;
  for (const auto& l : project_.labels().all()) projectLabels.insert(l.name);
  for (const auto& l : model_.labels())
    if (!projectLabels.count(l)) result.missingLabels.push_back(l);

  std::vector<int64_t> ids;
  std::vector<std::vector<text::Token>> tokens;
  std::vector<std::vector<std::string>> sentences;
  const text::Tokenizer tokenizer;
  for (const int64_t id : documentIds) {
    const auto stored = project_.documents().get(id);
    if (!stored) continue;
    ids.push_back(id);
    tokens.push_back(stored->doc.tokens.empty() ? tokenizer.tokenize(stored->doc.text)
                                                : stored->doc.tokens);
    sentences.emplace_back();
    for (const auto& t : tokens.back()) sentences.back().push_back(t.text);
  }
  const auto predictions = BatchPredictor::predict(model_, sentences, threads);

  store::Transaction tx(project_.db());
  for (size_t i = 0; i < ids.size(); ++i) {
    std::vector<text::ScoredSpan> spans;
    for (const auto& s : predictions[i].spans) {
      if (!projectLabels.count(s.span.label)) {
        ++result.unstoredSpans;
        continue;
      }
      spans.push_back({text::tokensToChars(tokens[i], s.span), s.score});
    }
    result.predictedSpans += static_cast<int64_t>(spans.size());
    project_.predictions().set(ids[i], modelId_, spans);
  }
  tx.commit();
  result.documents = static_cast<int64_t>(ids.size());
  return result;
}

}  // namespace spanforge::active
