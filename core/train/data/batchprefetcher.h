#pragma once

#include "model/batchtensors.h"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace spanforge::train {

// training.prefetch: a thread of its own builds the tensors of a list of
// batches in order, at most `depth` ahead of next(), so that padding a batch
// and copying it to the device overlap with the previous batch's forward and
// backward pass. Building must draw no random numbers (BatchTensors does
// not), so a run is the same with and without prefetching.
//
// The destructor stops the thread and joins it (after the batch it is
// building, if any); what was not taken is dropped, as when training stops
// in the middle of an epoch.
class BatchPrefetcher {
 public:
  using Members = std::vector<size_t>;  // a batch's sentence indices
  using Build = std::function<model::BatchTensors(const Members&)>;

  struct Item {
    Members members;
    model::BatchTensors tensors;
    double waitedSeconds = 0.0;  // how long next() blocked for it
  };

  static constexpr size_t kDepth = 3;

  BatchPrefetcher(std::vector<Members> batches, Build build, size_t depth = kDepth);
  ~BatchPrefetcher();
  BatchPrefetcher(const BatchPrefetcher&) = delete;
  BatchPrefetcher& operator=(const BatchPrefetcher&) = delete;

  // The next batch in the order given, waiting until it is built. Rethrows
  // what building it threw (the thread has stopped then, and every later
  // call rethrows it too); std::out_of_range once every batch was taken.
  Item next();
  bool done() const;             // every batch taken
  double waitedSeconds() const;  // by all next() calls together

 private:
  void run();

  const std::vector<Members> batches_;
  const Build build_;
  const size_t depth_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Item> ready_;
  std::exception_ptr error_;
  size_t taken_ = 0;
  bool stopping_ = false;
  double waited_ = 0.0;
  std::thread thread_;  // last: it starts once everything above exists
};

}  // namespace spanforge::train
