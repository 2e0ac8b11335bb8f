#include "active/poolranker.h"

#include "active/batchpredictor.h"
#include "active/diversebatch.h"
#include "active/rarelabelboost.h"
#include "active/uncertaintyscorer.h"
#include "model/computethreads.h"
#include "model/nermodel.h"
#include "store/projectstore.h"
#include "store/rankingrepository.h"
#include "store/storeerror.h"
#include "text/alignment.h"
#include "text/tokenizer.h"
#include "train/stopwatch.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace spanforge::active {
PoolRanker::PoolRanker(store::ProjectStore& project, const model::NerModel& model, int64_t modelId)
    : project_(project), model_(model), modelId_(modelId) {}

PoolRankResult PoolRanker::run(const PoolRankOptions& options) {
  const train::Stopwatch watch;
  model::ComputeThreads::apply(1);
  PoolRankResult result;
  result.modelId = modelId_;
  result.strategy = toString(options.strategy);
  const bool known = [&] {
    for (const auto& m : project_.runs().models())
      if (m.id == modelId_) return true;
    return false;
  }();
  if (!known)
    throw store::StoreError("There is no model with id " + std::to_string(modelId_) + ".");

  std::set<std::string> projectLabels;
  for (const auto& l : project_.labels().all()) projectLabels.insert(l.name);
  for (const auto& l : model_.labels())
    if (!projectLabels.count(l)) result.missingLabels.push_back(l);

  // Built first so that a bad threshold fails before any work is done.
  std::optional<NearDuplicateFilter> duplicates;
  if (options.skipNearDuplicates) duplicates.emplace(options.duplicateThreshold);
  const UncertaintyScorer scorer(options.strategy, options.seed);
  std::map<std::string, int64_t> labelledSpans;  // for rare: the project's gold spans
  if (options.strategy == Strategy::Rare)
    for (const auto& l : project_.labels().all())
      labelledSpans[l.name] = project_.labels().spanCount(l.id);
  const RareLabelBoost boost(std::move(labelledSpans));
  const bool wantVectors = UncertaintyScorer::sentenceVectors(options.strategy);
  const int batch = std::max(1, options.batchDocuments);
  RankProgress progress;
  progress.total = project_.documents().count(options.pool);
  if (options.progress) options.progress(progress);

  std::vector<double> scores;
  std::vector<int64_t> ids;
  std::vector<std::vector<uint64_t>> shingles;  // per scored document, for near-duplicates
  std::vector<std::vector<float>> vectors;      // per scored document, for spread
  const text::Tokenizer tokenizer;
  int64_t afterId = 0;
  for (;;) {
    if (options.cancel && options.cancel->load()) {
      result.cancelled = true;
      result.seconds = watch.seconds();
      return result;
    }
    const auto docs = project_.documents().pageDocuments(options.pool, afterId, batch);
    if (docs.empty()) break;
    afterId = docs.back().id;

    std::vector<std::vector<text::Token>> tokens;
    std::vector<std::vector<std::string>> sentences;
    for (const auto& d : docs) {
      tokens.push_back(d.doc.tokens.empty() ? tokenizer.tokenize(d.doc.text) : d.doc.tokens);
      sentences.emplace_back();
      for (const auto& t : tokens.back()) sentences.back().push_back(t.text);
    }
    auto predictions =
        BatchPredictor::predict(model_, sentences, options.threads,
                                UncertaintyScorer::dropoutSamples(options.strategy), wantVectors);

    store::Transaction tx(project_.db());  // one write per batch, not per document
    for (size_t i = 0; i < docs.size(); ++i) {
      auto& p = predictions[i];
      ids.push_back(docs[i].id);
      scores.push_back(scorer.score(p, static_cast<uint64_t>(docs[i].id)) *
                       (options.strategy == Strategy::Rare ? boost.factor(p) : 1.0));
      if (wantVectors) vectors.push_back(std::move(p.sentenceVector));
      if (duplicates)
        shingles.push_back(
            NearDuplicateFilter::shingles(sentences[i], NearDuplicateFilter::kDefaultShingleSize));
      result.predictedSpans += static_cast<int64_t>(p.spans.size());
      if (!options.storePredictions) continue;
      std::vector<text::ScoredSpan> spans;
      for (const auto& s : p.spans) {
        if (!projectLabels.count(s.span.label)) {
          ++result.unstoredSpans;
          continue;
        }
        spans.push_back({text::tokensToChars(tokens[i], s.span), s.score});
      }
      project_.predictions().set(docs[i].id, modelId_, spans);
    }
    tx.commit();

    progress.done += static_cast<int64_t>(docs.size());
    progress.seconds = watch.seconds();
    if (options.progress) options.progress(progress);
    if (docs.size() < static_cast<size_t>(batch)) break;
  }

  std::vector<size_t> order = UncertaintyScorer::rankOrder(scores, ids);
  if (wantVectors)
    order =
        DiverseBatch::reorder(order, scores, vectors, options.spreadBatch, options.spreadBatches);
  if (duplicates) {
    std::vector<std::vector<uint64_t>> ranked;
    ranked.reserve(order.size());
    for (size_t i : order) ranked.push_back(std::move(shingles[i]));
    const auto diverse = duplicates->diversify(ranked);
    result.nearDuplicates = static_cast<int64_t>(order.size() - duplicates->admitted());
    std::vector<size_t> reordered;
    reordered.reserve(order.size());
    for (size_t k : diverse) reordered.push_back(order[k]);
    order = std::move(reordered);
  }
  std::vector<store::RankingEntry> entries;
  entries.reserve(order.size());
  for (size_t i : order) entries.push_back({ids[i], scores[i]});
  store::RankingRepository(project_.db()).replace(modelId_, result.strategy, entries);
  result.documents = static_cast<int64_t>(entries.size());
  result.seconds = watch.seconds();
  return result;
}

}  // namespace spanforge::active
