#pragma once

#include "train/config/trainconfig.h"
#include "train/data/corpus.h"

#include <string>

namespace spanforge::train {

class ProcessGroup;

// What rank 0 hands the worker processes it starts itself, through the
// rendezvous store, so that they train on exactly its data and config
// (the dev set stays with rank 0, which alone evaluates).
struct RankJob {
  TrainConfig config;
  Corpus train;
  std::string resumeFrom;  // a model package every rank can read, or empty

  void publish(ProcessGroup& group) const;      // rank 0
  static RankJob receive(ProcessGroup& group);  // waits for rank 0's, then says ready
  static std::string readyKey(int rank);
};

}  // namespace spanforge::train
