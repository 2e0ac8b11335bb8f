#include "serve/servemetrics.h"

#include <sstream>

namespace spanforge::serve {

void ServeMetrics::record(const std::string& path, int status, double seconds, int64_t words) {
  const std::lock_guard<std::mutex> lock(mutex_);
  ++requests_[{path, status}];
  size_t bucket = 0;
  while (bucket < kBuckets.size() && seconds > kBuckets[bucket]) ++bucket;
  ++histogram_[bucket];
  secondsSum_ += seconds;
  ++count_;
  if (words > 0) {
    words_ += words;
    wordSeconds_ += seconds;
  }
}

void ServeMetrics::recordDropped() {
  const std::lock_guard<std::mutex> lock(mutex_);
  ++dropped_;
}

int64_t ServeMetrics::dropped() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return dropped_;
}

int64_t ServeMetrics::requests() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  int64_t n = 0;
  for (const auto& [key, count] : requests_) n += count;
  return n;
}

std::string ServeMetrics::prometheus() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  std::ostringstream out;
  out << "# HELP spanforge_requests_total HTTP requests served, by path and status.\n"
         "# TYPE spanforge_requests_total counter\n";
  for (const auto& [key, n] : requests_)
    out << "spanforge_requests_total{path=\"" << key.first << "\",status=\"" << key.second << "\"} "
        << n << "\n";
  out << "# HELP spanforge_request_seconds Time from a request's arrival to its answer.\n"
         "# TYPE spanforge_request_seconds histogram\n";
  int64_t cumulative = 0;
  for (size_t i = 0; i < kBuckets.size(); ++i) {
    cumulative += histogram_[i];
    out << "spanforge_request_seconds_bucket{le=\"" << kBuckets[i] << "\"} " << cumulative << "\n";
  }
  cumulative += histogram_.back();
  out << "spanforge_request_seconds_bucket{le=\"+Inf\"} " << cumulative << "\n"
      << "spanforge_request_seconds_sum " << secondsSum_ << "\n"
      << "spanforge_request_seconds_count " << count_ << "\n";
  out << "# HELP spanforge_predicted_words_total Words (tokens) predicted.\n"
         "# TYPE spanforge_predicted_words_total counter\n"
      << "spanforge_predicted_words_total " << words_ << "\n";
  out << "# HELP spanforge_words_per_second Words predicted per second of the requests that "
         "predicted them.\n"
         "# TYPE spanforge_words_per_second gauge\n"
      << "spanforge_words_per_second " << (wordSeconds_ > 0 ? words_ / wordSeconds_ : 0.0) << "\n";
  out << "# HELP spanforge_connections_dropped_total Connections the server closed: a request "
         "not received, or an answer not read, in time (idle kept-alive ones included), or the "
         "longest idle ones past the connection limits.\n"
         "# TYPE spanforge_connections_dropped_total counter\n"
      << "spanforge_connections_dropped_total " << dropped_ << "\n";
  return out.str();
}

}  // namespace spanforge::serve
