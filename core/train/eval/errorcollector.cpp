#include "train/eval/errorcollector.h"

#include <algorithm>

namespace spanforge::train {
namespace {

// As EntityScorer: a sorted set without empty spans.
void normalise(std::vector<text::TokenSpan>& v) {
  v.erase(std::remove_if(v.begin(), v.end(),
                         [](const text::TokenSpan& s) { return s.last <= s.first; }),
          v.end());
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

bool overlaps(const text::TokenSpan& a, const text::TokenSpan& b) {
  return a.first < b.last && b.first < a.last;
}

bool sameBoundaries(const text::TokenSpan& a, const text::TokenSpan& b) {
  return a.first == b.first && a.last == b.last;
}

}  // namespace

const char* toString(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Correct:
      return "correct";
    case ErrorKind::WrongType:
      return "wrong_type";
    case ErrorKind::WrongBoundary:
      return "wrong_boundary";
    case ErrorKind::WrongBoundaryType:
      return "wrong_boundary_type";
    case ErrorKind::Spurious:
      return "spurious";
    case ErrorKind::Missed:
      return "missed";
  }
  return "correct";
}

std::vector<ErrorExample> ErrorCollector::classify(int64_t documentId,
                                                   std::vector<text::TokenSpan> gold,
                                                   std::vector<text::TokenSpan> predicted) {
  normalise(gold);
  normalise(predicted);
  std::vector<ErrorExample> out;
  std::vector<bool> goldMatched(gold.size(), false);
  for (const text::TokenSpan& p : predicted) {
    const text::TokenSpan* exact = nullptr;
    const text::TokenSpan* sameSpan = nullptr;
    const text::TokenSpan* sameLabel = nullptr;
    const text::TokenSpan* otherLabel = nullptr;
    for (size_t i = 0; i < gold.size(); ++i) {
      const text::TokenSpan& g = gold[i];
      if (!overlaps(g, p)) continue;
      if (g == p) {
        exact = &g;
        goldMatched[i] = true;
      } else if (sameBoundaries(g, p)) {
        if (!sameSpan) sameSpan = &g;
      } else if (g.label == p.label) {
        if (!sameLabel) sameLabel = &g;
      } else if (!otherLabel) {
        otherLabel = &g;
      }
    }
    ErrorExample e;
    e.documentId = documentId;
    e.predicted = p;
    if (exact) {
      e.kind = ErrorKind::Correct;
      e.gold = *exact;
    } else if (sameSpan) {
      e.kind = ErrorKind::WrongType;
      e.gold = *sameSpan;
    } else if (sameLabel) {
      e.kind = ErrorKind::WrongBoundary;
      e.gold = *sameLabel;
    } else if (otherLabel) {
      e.kind = ErrorKind::WrongBoundaryType;
      e.gold = *otherLabel;
    } else {
      e.kind = ErrorKind::Spurious;
    }
    out.push_back(std::move(e));
  }
  for (size_t i = 0; i < gold.size(); ++i) {
    if (goldMatched[i]) continue;
    const bool touched =
        std::any_of(predicted.begin(), predicted.end(),
                    [&](const text::TokenSpan& p) { return overlaps(gold[i], p); });
    if (touched) continue;
    ErrorExample e;
    e.documentId = documentId;
    e.kind = ErrorKind::Missed;
    e.gold = gold[i];
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace spanforge::train
