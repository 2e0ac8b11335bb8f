#include "serve/connectiondeadlines.h"

#include <sys/socket.h>

#include <algorithm>

namespace spanforge::serve {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

ConnectionDeadlines::ConnectionDeadlines(milliseconds read, milliseconds write,
                                         std::function<void()> onDropped)
    : read_(read),
      write_(write),
      // Late by at most a tenth of the shorter deadline (and 0.5 s).
      tick_(std::clamp(std::min(read, write) / 10, milliseconds(20), milliseconds(500))),
      onDropped_(std::move(onDropped)) {}

ConnectionDeadlines::~ConnectionDeadlines() { stop(); }

void ConnectionDeadlines::start() {
  const std::lock_guard<std::mutex> lock(mutex_);
  if (thread_.joinable()) return;
  stopping_ = false;
  thread_ = std::thread([this] { run(); });
}

void ConnectionDeadlines::stop() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void ConnectionDeadlines::opened(const void* connection, int fd) {
  const std::lock_guard<std::mutex> lock(mutex_);
  connections_[connection] = {fd, Phase::Receiving, Clock::now(), false};
}

void ConnectionDeadlines::enter(const void* connection, Phase phase) {
  const std::lock_guard<std::mutex> lock(mutex_);
  const auto it = connections_.find(connection);
  if (it == connections_.end()) return;
  it->second.phase = phase;
  it->second.since = Clock::now();
}

void ConnectionDeadlines::closed(const void* connection) {
  const std::lock_guard<std::mutex> lock(mutex_);
  connections_.erase(connection);
}

void ConnectionDeadlines::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!wake_.wait_for(lock, tick_, [this] { return stopping_; })) {
    lock.unlock();
    dropOverdue();
    lock.lock();
  }
}

void ConnectionDeadlines::dropOverdue() {
  const std::lock_guard<std::mutex> lock(mutex_);
  const auto now = Clock::now();
  for (auto& [key, e] : connections_) {
    if (e.dropped || e.phase == Phase::Processing) continue;
    const auto limit = e.phase == Phase::Receiving ? read_ : write_;
    if (now - e.since <= limit) continue;
    e.dropped = true;
    // Counted first, so that whoever sees the connection end sees it counted.
    if (onDropped_) onDropped_();
    // Under the lock: closed() has not run, so the socket is still this
    // connection's. The library sees the end of the stream and closes it.
    ::shutdown(e.fd, SHUT_RDWR);
  }
}

}  // namespace spanforge::serve
