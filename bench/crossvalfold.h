#pragma once

#include "train/data/corpus.h"

#include <vector>

// Fold k of K over one corpus, as bench_crossval and bench_lowlabel split
// wikigold: test is the k-th contiguous block of sentences (neighbouring
// sentences share an article, so blocks keep articles mostly apart), dev the
// next tenth of the remaining sentences, train the rest.
struct CrossvalFold {
  spanforge::train::Corpus train, dev, test;
};

inline CrossvalFold makeFold(const spanforge::train::Corpus& all, size_t k, size_t folds) {
  const size_t n = all.size();
  const size_t testLo = n * k / folds, testHi = n * (k + 1) / folds;
  std::vector<size_t> rest;
  for (size_t i = testHi; i < n; ++i) rest.push_back(i);  // after the test block first,
  for (size_t i = 0; i < testLo; ++i) rest.push_back(i);  // so dev is its neighbour
  const size_t devCount = rest.size() / 10;
  CrossvalFold f;
  for (size_t i = testLo; i < testHi; ++i) f.test.add(all[i]);
  for (size_t j = 0; j < rest.size(); ++j) (j < devCount ? f.dev : f.train).add(all[rest[j]]);
  return f;
}
