#include "serve/workerpool.h"

#include <algorithm>

namespace spanforge::serve {

WorkerPool::WorkerPool(int threads, size_t maxQueued) : maxQueued_(std::max<size_t>(1, maxQueued)) {
  for (int i = 0; i < std::max(1, threads); ++i) threads_.emplace_back([this] { work(); });
}

WorkerPool::~WorkerPool() { stop(); }

bool WorkerPool::tryPost(Job job) {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_ || queue_.size() >= maxQueued_) return false;
    queue_.push_back(std::move(job));
  }
  wake_.notify_one();
  return true;
}

void WorkerPool::stop() {
  std::deque<Job> cancelled;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    cancelled.swap(queue_);
  }
  wake_.notify_all();
  for (Job& job : cancelled) job(true);
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
}

void WorkerPool::work() {
  for (;;) {
    Job job;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, nothing left
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    job(false);
  }
}

}  // namespace spanforge::serve
