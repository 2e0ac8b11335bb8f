#include "serve/connectiondeadlines.h"

#include <sys/socket.h>

#include <algorithm>
#include <utility>
#include <vector>

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

void ConnectionDeadlines::setCrowding(size_t total, size_t perAddress) {
  const std::lock_guard<std::mutex> lock(mutex_);
  total_ = total;
  perAddress_ = perAddress;
}

void ConnectionDeadlines::opened(const void* connection, int fd, const std::string& address) {
  const std::lock_guard<std::mutex> lock(mutex_);
  connections_[connection] = {fd, Phase::Receiving, Clock::now(), false, address};
  if (perAddress_ > 0) makeRoom(perAddress_, &address, connection);
  if (total_ > 0) makeRoom(total_, nullptr, connection);
}

void ConnectionDeadlines::makeRoom(size_t limit, const std::string* address, const void* keep) {
  std::vector<std::pair<Clock::time_point, Entry*>> waiting;
  size_t open = 0;
  for (auto& [key, e] : connections_) {
    if (e.dropped || (address && e.address != *address)) continue;
    ++open;
    if (key != keep && e.phase == Phase::Receiving) waiting.emplace_back(e.since, &e);
  }
  if (open <= limit) return;
  const size_t excess = std::min(open - limit, waiting.size());
  std::partial_sort(waiting.begin(), waiting.begin() + static_cast<std::ptrdiff_t>(excess),
                    waiting.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (size_t i = 0; i < excess; ++i) drop(*waiting[i].second);
}

void ConnectionDeadlines::drop(Entry& e) {
  e.dropped = true;
  // Counted first, so that whoever sees the connection end sees it counted.
  if (onDropped_) onDropped_();
  // Under the lock: closed() has not run, so the socket is still this
  // connection's. The library sees the end of the stream and closes it.
  ::shutdown(e.fd, SHUT_RDWR);
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
    drop(e);
  }
}

}  // namespace spanforge::serve
