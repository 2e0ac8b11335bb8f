#pragma once

#include "active/alcurve.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::train {
class Corpus;
struct TrainConfig;
}  // namespace spanforge::train

namespace spanforge::active {

// A simulation's rounds.jsonl in its work directory: one line per finished
// round, with its point and the pool sentences ranking picked for the next
// round. A run with --resume whose round packages are gone (another machine;
// with word vectors a package is 165 MB) continues from it: rounds trained
// afresh (from scratch or pretrained weights) need the labelled set, not the
// previous round's model. Lines of another experiment are ignored.
class RoundLog {
 public:
  struct Entry {
    std::string curve;  // the strategy, or kFullDataCurve
    int64_t round = 0;
    uint64_t labelled = 0;  // fingerprint() of the labelled set
    AlRound point;
    std::vector<size_t> next;  // picked for the next round; empty in the last
  };

  // Reads `path` if it exists (a torn last line, from an interruption, is
  // skipped); `experiment` identifies the data, config and options.
  RoundLog(std::string path, std::string experiment);

  const Entry* find(const std::string& curve, int64_t round, uint64_t labelled) const;
  // Appends a line and flushes it. Throws std::runtime_error naming the file
  // when it cannot be written.
  void append(Entry entry);

  // Of a labelled set, whatever the order it was labelled in.
  static uint64_t fingerprint(std::vector<size_t> indices);
  // Names an experiment: hashes of the config (its [device] section aside: a
  // run may continue with other threads or on another device), of the three
  // corpora and of `options` (the simulation's seed, shares and the like).
  static std::string experiment(const train::TrainConfig& config, const train::Corpus& pool,
                                const train::Corpus& dev, const train::Corpus& test,
                                const std::string& options);

 private:
  std::string path_;
  std::string experiment_;
  std::vector<Entry> entries_;
};

}  // namespace spanforge::active
