#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace spanforge::serve {

// Counters for GET /metrics in Prometheus' text format: requests by path
// and status, a latency histogram, words predicted with the seconds spent
// predicting them, and connections dropped by a deadline. Thread-safe.
class ServeMetrics {
 public:
  // Upper bounds (seconds) of the latency histogram's buckets, +Inf aside.
  static constexpr std::array<double, 10> kBuckets = {0.005, 0.01, 0.025, 0.05, 0.1,
                                                      0.25,  0.5,  1.0,   2.5,  10.0};

  // `path` is one of the server's endpoints, or "other" (any other URL:
  // one label, so that clients cannot grow the table).
  void record(const std::string& path, int status, double seconds, int64_t words);
  void recordDropped();  // a connection the server closed: a deadline, or to make room
  std::string prometheus() const;
  int64_t requests() const;  // answered, any path and status
  int64_t dropped() const;

 private:
  mutable std::mutex mutex_;
  std::map<std::pair<std::string, int>, int64_t> requests_;
  std::array<int64_t, kBuckets.size() + 1> histogram_{};  // last: +Inf
  double secondsSum_ = 0.0;
  int64_t count_ = 0;
  int64_t words_ = 0;
  double wordSeconds_ = 0.0;  // time of the requests that predicted words
  int64_t dropped_ = 0;
};

}  // namespace spanforge::serve
