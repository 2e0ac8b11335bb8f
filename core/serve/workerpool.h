#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace spanforge::serve {

// A fixed number of threads taking jobs from a bounded queue. A job is told
// whether it runs (false) or is cancelled because the pool stopped first
// (true), so that every job answers its request either way. Thread-safe.
class WorkerPool {
 public:
  using Job = std::function<void(bool cancelled)>;

  WorkerPool(int threads, size_t maxQueued);
  ~WorkerPool();  // stop()
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Queues `job`; false (the job untouched) when maxQueued jobs wait already
  // or the pool has stopped.
  bool tryPost(Job job);
  // Cancels the jobs still queued (on this thread), lets the running ones
  // finish and joins the threads. Idempotent.
  void stop();

 private:
  void work();

  const size_t maxQueued_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> queue_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace spanforge::serve
