// The server's worker pool and connection deadlines, on their own.
#include "serve/connectiondeadlines.h"
#include "serve/workerpool.h"

#include "catchapi.h"

#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

using namespace spanforge::serve;
using std::chrono::milliseconds;

TEST_CASE("worker pool: a bounded queue, and stop cancels what has not started") {
  std::mutex m;
  std::condition_variable cv;
  bool release = false, started = false;
  std::atomic<int> ran{0}, cancelled{0};
  WorkerPool pool(1, 2);
  // The one worker blocks on the first job; two more wait; a fourth is refused.
  REQUIRE(pool.tryPost([&](bool c) {
    CHECK_FALSE(c);
    std::unique_lock<std::mutex> lock(m);
    started = true;
    cv.notify_all();
    cv.wait(lock, [&] { return release; });
    ++ran;
  }));
  {
    std::unique_lock<std::mutex> lock(m);
    cv.wait(lock, [&] { return started; });
  }
  auto count = [&](bool c) { ++(c ? cancelled : ran); };
  CHECK(pool.tryPost(count));
  CHECK(pool.tryPost(count));
  CHECK_FALSE(pool.tryPost(count));
  std::thread stopper([&] { pool.stop(); });
  // stop() cancels the two waiting jobs at once, then waits for the running one.
  for (int i = 0; i < 500 && cancelled < 2; ++i) std::this_thread::sleep_for(milliseconds(10));
  CHECK(cancelled == 2);
  {
    const std::lock_guard<std::mutex> lock(m);
    release = true;
  }
  cv.notify_all();
  stopper.join();
  CHECK(ran == 1);
  CHECK_FALSE(pool.tryPost(count));  // stopped
}

TEST_CASE("connection deadlines: a connection past its phase's deadline is shut down") {
  int receiving[2], processing[2], sending[2];
  REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, receiving) == 0);
  REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, processing) == 0);
  REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, sending) == 0);
  std::atomic<int> dropped{0};
  ConnectionDeadlines d(milliseconds(200), milliseconds(400), [&] { ++dropped; });
  d.start();
  const int keys[3] = {};
  d.opened(&keys[0], receiving[0]);
  d.opened(&keys[1], processing[0]);
  d.enter(&keys[1], ConnectionDeadlines::Phase::Processing);
  d.opened(&keys[2], sending[0]);
  d.enter(&keys[2], ConnectionDeadlines::Phase::Sending);
  // The peer of a shut-down socket reads the end of the stream.
  auto ended = [](int fd) {
    char c;
    return ::recv(fd, &c, 1, MSG_DONTWAIT) == 0;
  };
  for (int i = 0; i < 300 && dropped < 2; ++i) std::this_thread::sleep_for(milliseconds(10));
  CHECK(dropped == 2);
  CHECK(ended(receiving[1]));
  CHECK(ended(sending[1]));
  CHECK_FALSE(ended(processing[1]));  // being answered: no deadline
  d.closed(&keys[0]);
  d.closed(&keys[1]);
  d.closed(&keys[2]);
  d.stop();
  for (int fd : {receiving[0], receiving[1], processing[0], processing[1], sending[0], sending[1]})
    ::close(fd);
}
