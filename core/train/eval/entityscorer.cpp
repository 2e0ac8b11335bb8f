#include "train/eval/entityscorer.h"

#include "text/tagscheme.h"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <tuple>

namespace spanforge::train {
namespace {

// seqeval's reading of one tag (suffix=False): the first character is the
// prefix, the type is what follows the first '-' after it ("_" when empty).
struct SeqevalTag {
  char prefix = 'O';
  std::string type;
};

SeqevalTag splitTag(const std::string& chunk) {
  if (chunk.empty()) return {'O', "_"};  // seqeval would fail; read as O
  std::string rest = chunk.substr(1);
  const size_t dash = rest.find('-');
  if (dash != std::string::npos) rest = rest.substr(dash + 1);
  return {chunk[0], rest.empty() ? "_" : rest};
}

// seqeval.metrics.sequence_labeling.end_of_chunk
bool endOfChunk(char prev, char tag, const std::string& prevType, const std::string& type) {
  if (prev == 'E' || prev == 'S') return true;
  if ((prev == 'B' || prev == 'I') && (tag == 'B' || tag == 'S' || tag == 'O')) return true;
  return prev != 'O' && prev != '.' && prevType != type;
}

// seqeval.metrics.sequence_labeling.start_of_chunk
bool startOfChunk(char prev, char tag, const std::string& prevType, const std::string& type) {
  if (tag == 'B' || tag == 'S') return true;
  if ((prev == 'E' || prev == 'S' || prev == 'O') && (tag == 'E' || tag == 'I')) return true;
  return tag != 'O' && tag != '.' && prevType != type;
}

template <class S>
std::vector<std::string> iob2(const std::vector<S>& spans, size_t n) {
  return text::spansToTags(spans, n, text::TagScheme::IOB2).tags;
}

}  // namespace

EntityScorer::EntityScorer(std::vector<std::string> labels) : labels_(std::move(labels)) {}

std::vector<text::TokenSpan> EntityScorer::seqevalEntities(const std::vector<std::string>& tags) {
  std::vector<text::TokenSpan> out;
  char prev = 'O';
  std::string prevType;  // "" before the first tag, as in seqeval
  int64_t begin = 0;
  const auto n = static_cast<int64_t>(tags.size());
  for (int64_t i = 0; i <= n; ++i) {  // i == n: the sentinel "O" that closes the last chunk
    const SeqevalTag t = i < n ? splitTag(tags[static_cast<size_t>(i)]) : SeqevalTag{'O', "_"};
    if (endOfChunk(prev, t.prefix, prevType, t.type)) out.push_back({begin, i, prevType});
    if (startOfChunk(prev, t.prefix, prevType, t.type)) begin = i;
    prev = t.prefix;
    prevType = t.type;
  }
  return out;
}

void EntityScorer::add(const std::vector<text::TokenSpan>& gold,
                       const std::vector<text::TokenSpan>& predicted) {
  std::vector<Entity> g, p;
  for (const auto& s : gold) g.push_back({s.first, s.last, s.label});
  for (const auto& s : predicted) p.push_back({s.first, s.last, s.label});
  addEntities(std::move(g), std::move(p));
}

void EntityScorer::add(const std::vector<text::TokenSpan>& gold,
                       const std::vector<text::TokenSpan>& predicted, size_t tokenCount) {
  const std::vector<std::string> goldTags = iob2(gold, tokenCount);
  const std::vector<std::string> predTags = iob2(predicted, tokenCount);
  for (size_t i = 0; i < tokenCount; ++i) correctTokens_ += goldTags[i] == predTags[i] ? 1 : 0;
  tokens_ += static_cast<int64_t>(tokenCount);
  add(gold, predicted);
}

void EntityScorer::add(const std::vector<text::Span>& gold,
                       const std::vector<text::Span>& predicted) {
  std::vector<Entity> g, p;
  for (const auto& s : gold) g.push_back({s.start, s.end, s.label});
  for (const auto& s : predicted) p.push_back({s.start, s.end, s.label});
  addEntities(std::move(g), std::move(p));
}

void EntityScorer::addTags(const std::vector<std::string>& gold,
                           const std::vector<std::string>& predicted) {
  if (gold.size() != predicted.size()) {
    throw std::invalid_argument("gold has " + std::to_string(gold.size()) +
                                " tags but the prediction has " + std::to_string(predicted.size()));
  }
  for (size_t i = 0; i < gold.size(); ++i) correctTokens_ += gold[i] == predicted[i] ? 1 : 0;
  tokens_ += static_cast<int64_t>(gold.size());
  add(seqevalEntities(gold), seqevalEntities(predicted));
}

void EntityScorer::addEntities(std::vector<Entity> gold, std::vector<Entity> predicted) {
  ++sentences_;
  // A set per sentence, as seqeval keeps them; empty spans are no entities.
  const auto normalise = [](std::vector<Entity>& v) {
    const auto key = [](const Entity& e) { return std::tie(e.start, e.end, e.label); };
    v.erase(std::remove_if(v.begin(), v.end(), [](const Entity& e) { return e.end <= e.start; }),
            v.end());
    std::sort(v.begin(), v.end(),
              [&](const Entity& a, const Entity& b) { return key(a) < key(b); });
    v.erase(std::unique(v.begin(), v.end(),
                        [&](const Entity& a, const Entity& b) { return key(a) == key(b); }),
            v.end());
  };
  normalise(gold);
  normalise(predicted);

  std::vector<bool> goldMatched(gold.size()), predMatched(predicted.size());
  std::vector<bool> goldSameSpan(gold.size()), predSameSpan(predicted.size());
  for (const Entity& g : gold) ++counts_[g.label].support;
  for (size_t j = 0; j < predicted.size(); ++j) {
    const Entity& p = predicted[j];
    ++counts_[p.label].predicted;
    for (size_t i = 0; i < gold.size(); ++i) {
      const Entity& g = gold[i];
      if (g.start != p.start || g.end != p.end) continue;
      // Same boundaries: a confusion-matrix cell, and a match when labels agree.
      ++confusion_[{g.label, p.label}];
      goldSameSpan[i] = predSameSpan[j] = true;
      if (g.label == p.label) {
        ++counts_[p.label].correct;
        goldMatched[i] = predMatched[j] = true;
      }
    }
  }
  for (size_t i = 0; i < gold.size(); ++i)
    if (!goldSameSpan[i]) ++confusion_[{gold[i].label, ""}];
  for (size_t j = 0; j < predicted.size(); ++j)
    if (!predSameSpan[j]) ++confusion_[{"", predicted[j].label}];
  addErrors(gold, predicted, goldMatched, predMatched);
}

void EntityScorer::addErrors(const std::vector<Entity>& gold, const std::vector<Entity>& predicted,
                             const std::vector<bool>& goldMatched,
                             const std::vector<bool>& predMatched) {
  const auto overlaps = [](const Entity& a, const Entity& b) {
    return a.start < b.end && b.start < a.end;
  };
  for (size_t j = 0; j < predicted.size(); ++j) {
    if (predMatched[j]) continue;
    const Entity& p = predicted[j];
    const Entity* sameSpan = nullptr;
    const Entity* sameLabel = nullptr;
    const Entity* otherLabel = nullptr;
    for (const Entity& g : gold) {
      if (!overlaps(g, p)) continue;
      if (g.start == p.start && g.end == p.end) {
        if (!sameSpan) sameSpan = &g;
      } else if (g.label == p.label) {
        if (!sameLabel) sameLabel = &g;
      } else if (!otherLabel) {
        otherLabel = &g;
      }
    }
    if (sameSpan) {
      ++errors_.wrongType;
      ++errorsPerLabel_[sameSpan->label].wrongType;
    } else if (sameLabel) {
      ++errors_.wrongBoundary;
      ++errorsPerLabel_[sameLabel->label].wrongBoundary;
    } else if (otherLabel) {
      ++errors_.wrongBoundaryType;
      ++errorsPerLabel_[otherLabel->label].wrongBoundaryType;
    } else {
      ++errors_.spurious;
      ++errorsPerLabel_[p.label].spurious;
    }
  }
  for (size_t i = 0; i < gold.size(); ++i) {
    if (goldMatched[i]) continue;
    const bool touched = std::any_of(predicted.begin(), predicted.end(),
                                     [&](const Entity& p) { return overlaps(gold[i], p); });
    if (!touched) {
      ++errors_.missed;
      ++errorsPerLabel_[gold[i].label].missed;
    }
  }
}

EvaluationReport EntityScorer::report() const {
  EvaluationReport r;
  std::set<std::string> labels(labels_.begin(), labels_.end());
  for (const auto& [label, c] : counts_) labels.insert(label);
  for (const std::string& label : labels) {
    PrfScores s;
    if (const auto it = counts_.find(label); it != counts_.end()) {
      s.support = it->second.support;
      s.predicted = it->second.predicted;
      s.correct = it->second.correct;
    }
    s.computeRates();
    r.overall.support += s.support;
    r.overall.predicted += s.predicted;
    r.overall.correct += s.correct;
    r.macro.precision += s.precision;
    r.macro.recall += s.recall;
    r.macro.f1 += s.f1;
    r.perLabel[label] = s;
    r.errorsPerLabel[label];  // every label has a row
  }
  r.overall.computeRates();
  // seqeval's macro average: the mean of the per-label rates.
  r.macro.support = r.overall.support;
  r.macro.predicted = r.overall.predicted;
  r.macro.correct = r.overall.correct;
  if (!labels.empty()) {
    const auto n = static_cast<double>(labels.size());
    r.macro.precision /= n;
    r.macro.recall /= n;
    r.macro.f1 /= n;
  }
  for (const auto& [label, e] : errorsPerLabel_) r.errorsPerLabel[label] = e;
  r.errors = errors_;

  r.confusion.labels.assign(labels.begin(), labels.end());
  const size_t n = labels.size() + 1;
  r.confusion.counts.assign(n, std::vector<int64_t>(n, 0));
  const auto index = [&](const std::string& label) {
    if (label.empty()) return n - 1;
    return static_cast<size_t>(std::distance(labels.begin(), labels.find(label)));
  };
  for (const auto& [cell, count] : confusion_)
    r.confusion.counts[index(cell.first)][index(cell.second)] = count;

  r.sentences = sentences_;
  r.tokens = tokens_;
  r.correctTokens = correctTokens_;
  return r;
}

void EntityScorer::clear() {
  counts_.clear();
  errors_ = {};
  errorsPerLabel_.clear();
  confusion_.clear();
  sentences_ = tokens_ = correctTokens_ = 0;
}

}  // namespace spanforge::train
