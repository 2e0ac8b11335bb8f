#include "active/devevaluator.h"

#include "active/batchpredictor.h"
#include "model/computethreads.h"
#include "model/nermodel.h"
#include "store/projectstore.h"
#include "text/alignment.h"
#include "text/utf8.h"
#include "train/data/devdocuments.h"
#include "train/eval/calibrationsplit.h"
#include "train/eval/entityscorer.h"
#include "train/stopwatch.h"

#include <algorithm>
#include <limits>

namespace spanforge::active {
namespace {

DevExample toExample(const train::ErrorExample& e, const std::vector<text::Token>& tokens,
                     const std::string& docText) {
  DevExample out;
  out.documentId = e.documentId;
  out.kind = e.kind;
  if (e.gold) out.gold = text::tokensToChars(tokens, *e.gold);
  if (e.predicted) out.predicted = text::tokensToChars(tokens, *e.predicted);
  int64_t start = std::numeric_limits<int64_t>::max(), end = 0;
  for (const auto& s : {out.gold, out.predicted}) {
    if (!s) continue;
    start = std::min(start, s->start);
    end = std::max(end, s->end);
  }
  const text::OffsetMap map(docText);
  const int64_t from = std::max<int64_t>(0, start - DevEvaluator::kContext);
  const int64_t to = std::min(map.codePoints(), end + DevEvaluator::kContext);
  out.before = std::string(map.slice(docText, from, start));
  out.text = std::string(map.slice(docText, start, end));
  out.after = std::string(map.slice(docText, end, to));
  return out;
}

}  // namespace

DevEvaluation DevEvaluator::run(store::ProjectStore& project, const model::NerModel& model,
                                const train::DataSettings& settings, int threads,
                                const std::atomic<bool>* cancel, std::optional<int64_t> modelId) {
  const train::Stopwatch watch;
  model::ComputeThreads::apply(1);
  DevEvaluation out;
  std::optional<std::vector<int64_t>> held;
  if (modelId)
    if (const auto run = project.runs().runOfModel(*modelId))
      held = project.runs().devDocuments(*run);
  train::DevSelection dev = held ? train::DevDocuments::ofRun(project, *held)
                                 : train::DevDocuments::select(project, settings);
  out.fromSplit = dev.fromSplit;
  out.fromRun = dev.fromRun;
  out.skipped = dev.skipped;
  train::EntityScorer scorer(model.labels());
  train::SpanCalibration calibration;
  // The checkpoint was chosen on the others, which flatter it.
  const size_t firstHeld =
      train::CalibrationSplit::firstCalibrating(dev.documents.size(), settings.calibrationShare);
  out.calibrationDocuments = static_cast<int64_t>(dev.documents.size() - firstHeld);
  for (size_t begin = 0; begin < dev.documents.size(); begin += kBatchDocuments) {
    if (cancel && cancel->load()) {
      DevEvaluation cancelled;
      cancelled.fromSplit = dev.fromSplit;
      cancelled.fromRun = dev.fromRun;
      cancelled.cancelled = true;
      return cancelled;
    }
    const size_t end = std::min(dev.documents.size(), begin + kBatchDocuments);
    std::vector<std::vector<std::string>> sentences;
    for (size_t i = begin; i < end; ++i) {
      sentences.emplace_back();
      for (const auto& t : dev.documents[i].tokens) sentences.back().push_back(t.text);
    }
    const auto predictions = BatchPredictor::predict(model, sentences, threads);
    for (size_t i = begin; i < end; ++i) {
      const train::DevDocument& d = dev.documents[i];
      std::vector<text::TokenSpan> predicted;
      for (const auto& s : predictions[i - begin].spans) predicted.push_back(s.span);
      scorer.add(d.gold, predicted, d.tokens.size());
      if (i >= firstHeld) calibration.add(d.gold, predictions[i - begin].spans);
      const auto examples = train::ErrorCollector::classify(d.id, d.gold, predicted);
      for (const auto& e : examples) out.examples.push_back(toExample(e, d.tokens, d.text));
    }
    out.documents += static_cast<int64_t>(end - begin);
  }
  out.report = scorer.report();
  out.calibration = calibration.report();
  out.spans = calibration.outcomes();
  out.temperature = model.temperature();
  out.seconds = watch.seconds();
  return out;
}

}  // namespace spanforge::active
