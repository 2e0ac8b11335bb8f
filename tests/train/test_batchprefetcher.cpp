// BatchPrefetcher: batches in the order given, at most `depth` built ahead,
// a build's exception rethrown by next() after the batches built before it,
// and a destructor that stops mid-list without hanging.
#include "model/batch.h"
#include "train/data/batchprefetcher.h"

#include "catchapi.h"

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

using spanforge::model::Batch;
using spanforge::model::BatchTensors;
using spanforge::train::BatchPrefetcher;
using Members = BatchPrefetcher::Members;
using Clock = std::chrono::steady_clock;

namespace {

// One batch per sentence index: {0}, {1}, ...
std::vector<Members> numbered(size_t n) {
  std::vector<Members> out;
  for (size_t i = 0; i < n; ++i) out.push_back({i});
  return out;
}

// Real (empty) tensors: the test is about the thread, not the padding.
BatchTensors emptyTensors() { return BatchTensors(Batch{}, 1, false, "cpu"); }

// Waits up to 10 s for `pred`.
template <class Pred>
bool eventually(Pred pred) {
  const auto until = Clock::now() + std::chrono::seconds(10);
  while (!pred()) {
    if (Clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

}  // namespace

TEST_CASE("BatchPrefetcher hands out the batches in the order given, then says so") {
  std::vector<Members> batches = {{4, 2}, {0}, {7, 1, 3}, {5}, {6}};
  std::vector<Members> built;  // only the prefetch thread writes it, before next() returns
  BatchPrefetcher p(batches, [&](const Members& m) {
    built.push_back(m);
    return emptyTensors();
  });
  for (const Members& expected : batches) {
    CHECK_FALSE(p.done());
    const BatchPrefetcher::Item item = p.next();
    CHECK(item.members == expected);
    CHECK(item.waitedSeconds >= 0.0);
  }
  CHECK(p.done());
  CHECK(built == batches);
  CHECK_THROWS_AS(p.next(), std::out_of_range);
  CHECK(p.waitedSeconds() >= 0.0);
}

TEST_CASE("BatchPrefetcher builds at most depth batches ahead of next()") {
  std::atomic<int> builds{0};
  BatchPrefetcher p(
      numbered(20),
      [&](const Members&) {
        ++builds;
        return emptyTensors();
      },
      2);
  REQUIRE(eventually([&] { return builds == 2; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(builds == 2);  // the queue is full: the thread waits
  CHECK(p.next().members == Members{0});
  REQUIRE(eventually([&] { return builds == 3; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(builds == 3);
  for (size_t i = 1; i < 20; ++i) CHECK(p.next().members == Members{i});
  CHECK(builds == 20);
}

TEST_CASE("BatchPrefetcher rethrows a build's exception after the batches before it") {
  std::atomic<int> builds{0};
  BatchPrefetcher p(numbered(10), [&](const Members& m) {
    ++builds;
    if (m[0] == 3) throw std::runtime_error("sentence 3 is broken");
    return emptyTensors();
  });
  for (size_t i = 0; i < 3; ++i) CHECK(p.next().members == Members{i});
  CHECK_THROWS_WITH(p.next(), "sentence 3 is broken");
  CHECK_THROWS_WITH(p.next(), "sentence 3 is broken");  // and stays failed
  CHECK_FALSE(p.done());
  CHECK(builds == 4);  // nothing after the failure
}

TEST_CASE("BatchPrefetcher stops mid-list on destruction, also while building") {
  SECTION("never asked") {
    const auto start = Clock::now();
    {
      BatchPrefetcher p(numbered(1000), [](const Members&) { return emptyTensors(); });
    }
    CHECK(since(start) < 5.0);
  }
  SECTION("a few taken, the queue full") {
    std::atomic<int> builds{0};
    const auto start = Clock::now();
    {
      BatchPrefetcher p(numbered(1000), [&](const Members&) {
        ++builds;
        return emptyTensors();
      });
      p.next();
      p.next();
      REQUIRE(eventually([&] { return builds == 5; }));
    }
    CHECK(since(start) < 5.0);
    CHECK(builds == 5);  // 2 taken + 3 ahead, and no more after the destructor
  }
  SECTION("in the middle of a slow build") {
    std::atomic<bool> building{false};
    const auto start = Clock::now();
    {
      BatchPrefetcher p(numbered(1000), [&](const Members&) {
        building = true;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        return emptyTensors();
      });
      REQUIRE(eventually([&] { return building.load(); }));
    }
    CHECK(since(start) < 5.0);  // it finished that build, not the list
  }
}

TEST_CASE("BatchPrefetcher records how long next() waited") {
  BatchPrefetcher p(numbered(3), [](const Members&) {
    std::this_thread::sleep_for(std::chrono::milliseconds(40));
    return emptyTensors();
  });
  const BatchPrefetcher::Item first = p.next();  // built while we wait
  CHECK(first.waitedSeconds > 0.02);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the next one is ready
  const BatchPrefetcher::Item second = p.next();
  CHECK(second.waitedSeconds < first.waitedSeconds);
  CHECK(p.waitedSeconds() == Approx(first.waitedSeconds + second.waitedSeconds));
}
