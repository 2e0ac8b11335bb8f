#include "train/device/parallelfor.h"

#include "model/computethreads.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace spanforge::train {

int ParallelFor::resolve(int threads) {
  if (threads > 0) return threads;
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

void ParallelFor::run(size_t n, int threads, const std::function<void(size_t)>& fn) {
  const size_t workers = std::min(n, static_cast<size_t>(std::max(1, threads)));
  if (workers <= 1) {
    for (size_t i = 0; i < n; ++i) fn(i);
    return;
  }
  std::exception_ptr error;
  std::mutex mutex;
  auto work = [&](size_t w) {
    try {
      for (size_t i = w; i < n; i += workers) {
        {
          const std::lock_guard<std::mutex> lock(mutex);
          if (error) return;  // another thread failed: stop early
        }
        fn(i);
      }
    } catch (...) {
      const std::lock_guard<std::mutex> lock(mutex);
      if (!error) error = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (size_t w = 1; w < workers; ++w)
    pool.emplace_back([&, w] {
      model::ComputeThreads::apply(1);
      work(w);
    });
  work(0);
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace spanforge::train
