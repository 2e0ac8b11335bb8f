#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace spanforge::serve {

// Whole-request and whole-answer deadlines for the server's connections. The
// HTTP library's own timeout only notices a client that sends nothing at all;
// one that trickles a byte a second would hold its connection forever. A
// thread of its own checks every connection a few times per deadline and
// shuts down the socket of one past it, which the library then closes as a
// connection the client ended. Thread-safe.
class ConnectionDeadlines {
 public:
  enum class Phase {
    Receiving,   // waiting for (the rest of) a request: the read deadline runs
    Processing,  // the request is complete and being answered: no deadline
    Sending,     // the answer is queued: the write deadline runs
  };

  // `onDropped` runs (on the deadline thread, with the lock held: it must
  // not call back) for each connection dropped, before its socket is shut.
  ConnectionDeadlines(std::chrono::milliseconds read, std::chrono::milliseconds write,
                      std::function<void()> onDropped);
  ~ConnectionDeadlines();  // stop()
  ConnectionDeadlines(const ConnectionDeadlines&) = delete;
  ConnectionDeadlines& operator=(const ConnectionDeadlines&) = delete;

  void start();
  void stop();

  // A connection (any unique key) on socket `fd`, Receiving from now. closed()
  // must come before the socket is closed, so that no other connection's
  // socket reusing the number is ever shut down.
  void opened(const void* connection, int fd);
  // The connection enters `phase` now (its deadline restarts).
  void enter(const void* connection, Phase phase);
  void closed(const void* connection);

 private:
  struct Entry {
    int fd;
    Phase phase;
    std::chrono::steady_clock::time_point since;
    bool dropped;
  };

  void run();
  void dropOverdue();

  const std::chrono::milliseconds read_, write_, tick_;
  const std::function<void()> onDropped_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::unordered_map<const void*, Entry> connections_;
  std::thread thread_;
};

}  // namespace spanforge::serve
