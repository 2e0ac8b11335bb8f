#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

namespace spanforge::serve {

// Whole-request and whole-answer deadlines for the server's connections. The
// HTTP library's own timeout only notices a client that sends nothing at all;
// one that trickles a byte a second would hold its connection forever. A
// thread of its own checks every connection a few times per deadline and
// shuts down the socket of one past it, which the library then closes as a
// connection the client ended.
//
// It also keeps room for new connections: past `total` open connections, or
// `perAddress` from one client address, the connections waiting longest for
// a request (idle kept-alive ones, requests not yet complete) are shut, the
// oldest first, so that a crowd of idle connections can never keep a new one
// (a /health check) out. Thread-safe.
class ConnectionDeadlines {
 public:
  enum class Phase {
    Receiving,   // waiting for (the rest of) a request: the read deadline runs
    Processing,  // the request is complete and being answered: no deadline
    Sending,     // the answer is queued: the write deadline runs
  };

  // `onDropped` runs (on the deadline thread, or the one calling opened(),
  // with the lock held: it must not call back) for each connection dropped,
  // before its socket is shut.
  ConnectionDeadlines(std::chrono::milliseconds read, std::chrono::milliseconds write,
                      std::function<void()> onDropped);
  ~ConnectionDeadlines();  // stop()
  ConnectionDeadlines(const ConnectionDeadlines&) = delete;
  ConnectionDeadlines& operator=(const ConnectionDeadlines&) = delete;

  void start();
  void stop();
  // 0: no limit.
  void setCrowding(size_t total, size_t perAddress);

  // A connection (any unique key) on socket `fd`, Receiving from now. closed()
  // must come before the socket is closed, so that no other connection's
  // socket reusing the number is ever shut down.
  // `address` identifies the client (its IP address's bytes); connections
  // that are shut to make room are counted by onDropped too.
  void opened(const void* connection, int fd, const std::string& address = {});
  // The connection enters `phase` now (its deadline restarts).
  void enter(const void* connection, Phase phase);
  void closed(const void* connection);

 private:
  struct Entry {
    int fd;
    Phase phase;
    std::chrono::steady_clock::time_point since;
    bool dropped;
    std::string address;
  };

  void run();
  void dropOverdue();
  // With the lock held: shuts the oldest waiting connections (of `address`,
  // or of all when empty) but `keep` until at most `limit` remain.
  void makeRoom(size_t limit, const std::string* address, const void* keep);
  void drop(Entry& e);

  const std::chrono::milliseconds read_, write_, tick_;
  const std::function<void()> onDropped_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  size_t total_ = 0, perAddress_ = 0;
  std::unordered_map<const void*, Entry> connections_;
  std::thread thread_;
};

}  // namespace spanforge::serve
