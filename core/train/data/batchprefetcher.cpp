#include "train/data/batchprefetcher.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <utility>

#ifdef __linux__
#include <pthread.h>
#include <sched.h>
#endif

namespace spanforge::train {

BatchPrefetcher::BatchPrefetcher(std::vector<Members> batches, Build build, size_t depth)
    : batches_(std::move(batches)),
      build_(std::move(build)),
      depth_(std::max<size_t>(1, depth)),
      thread_([this] { run(); }) {}

BatchPrefetcher::~BatchPrefetcher() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

// No ComputeThreads::apply here: at::set_num_threads also sets a process-wide
// count, which would change the training thread's. Filling a batch's tensors
// is memory work that needs no intra-op threads anyway.
void BatchPrefetcher::run() {
#ifdef __linux__
  // A thread woken after a long sleep preempts the one that woke it when no
  // core is idle: next() then paid for building the following batch (measured
  // 0.3 ms a step, as much as building its own). SCHED_BATCH threads never
  // preempt on waking; needs no privileges.
  const sched_param normal{};
  pthread_setschedparam(pthread_self(), SCHED_BATCH, &normal);
#endif
  for (const Members& members : batches_) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [this] { return stopping_ || ready_.size() < depth_; });
      if (stopping_) return;
    }
    bool failed = false;
    try {
      model::BatchTensors tensors = build_(members);
      const std::lock_guard<std::mutex> lock(mutex_);
      ready_.push_back({members, std::move(tensors)});
    } catch (...) {
      const std::lock_guard<std::mutex> lock(mutex_);
      error_ = std::current_exception();
      failed = true;
    }
    changed_.notify_all();
    if (failed) return;
  }
}

BatchPrefetcher::Item BatchPrefetcher::next() {
  std::unique_lock<std::mutex> lock(mutex_);
  if (taken_ == batches_.size()) throw std::out_of_range("every prefetched batch was taken");
  const auto start = std::chrono::steady_clock::now();
  changed_.wait(lock, [this] { return !ready_.empty() || error_; });
  const double waited =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  waited_ += waited;
  if (ready_.empty()) std::rethrow_exception(error_);  // the batches built before it came first
  Item item = std::move(ready_.front());
  ready_.pop_front();
  ++taken_;
  lock.unlock();
  changed_.notify_all();
  item.waitedSeconds = waited;
  return item;
}

bool BatchPrefetcher::done() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return taken_ == batches_.size();
}

double BatchPrefetcher::waitedSeconds() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return waited_;
}

}  // namespace spanforge::train
