// Load on `spanforge-cli serve`'s server over loopback: requests/s, p50/p99
// latency and words/s at 1, 4 and 16 concurrent clients, each sending
// {"texts": [...]} of WNUT-17 test sentences. Bounded: at most --requests
// per client and --seconds per level. Prints figures; not a test.
//   bench_serve [--model MODEL_DIR] [--texts 8] [--requests 200] [--seconds 20] [--threads 4]
// Without --model: an untrained model of the default config (as fast as a trained one).
#include "model/computethreads.h"
#include "model/modelconfig.h"
#include "model/nermodel.h"
#include "serve/modelserver.h"
#include "train/package/modelpackage.h"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

using namespace spanforge;
using Clock = std::chrono::steady_clock;

namespace {

// Sentences of a token-TAB-tag file, tokens joined by spaces.
std::vector<std::string> sentences(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  std::string line, current;
  while (std::getline(in, line)) {
    if (line.empty()) {
      if (!current.empty()) out.push_back(current);
      current.clear();
      continue;
    }
    current += (current.empty() ? "" : " ") + line.substr(0, line.find('\t'));
  }
  if (!current.empty()) out.push_back(current);
  return out;
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

}  // namespace

int main(int argc, char** argv) {
  std::string modelDir;
  int texts = 8, requests = 200, threads = 4;
  double seconds = 20;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--model")
      modelDir = argv[i + 1];
    else if (a == "--texts")
      texts = std::atoi(argv[i + 1]);
    else if (a == "--requests")
      requests = std::atoi(argv[i + 1]);
    else if (a == "--seconds")
      seconds = std::atof(argv[i + 1]);
    else if (a == "--threads")
      threads = std::atoi(argv[i + 1]);
    else {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return 2;
    }
  }
  std::unique_ptr<train::ModelPackage> package;
  std::unique_ptr<model::NerModel> untrained;
  const model::NerModel* model = nullptr;
  if (!modelDir.empty()) {
    package = std::make_unique<train::ModelPackage>(train::ModelPackage::load(modelDir));
    model = &package->model();
  } else {
    untrained = std::make_unique<model::NerModel>(
        model::ModelConfig{}, std::vector<std::string>{"person", "location", "corporation", "group",
                                                       "product", "creative-work"});
    model = untrained.get();
  }
  const std::vector<std::string> pool = sentences(SPANFORGE_DEMO_DIR "/test.txt");
  std::vector<std::string> bodies;  // rotating requests of `texts` sentences
  std::vector<int64_t> bodyWords;
  for (size_t start = 0; start + texts <= pool.size() && bodies.size() < 64; start += texts) {
    nlohmann::json j;
    int64_t words = 0;
    for (int k = 0; k < texts; ++k) {
      j["texts"].push_back(pool[start + k]);
      words += std::count(pool[start + k].begin(), pool[start + k].end(), ' ') + 1;
    }
    bodies.push_back(j.dump());
    bodyWords.push_back(words);
  }

  // As `spanforge-cli serve` does: requests run side by side, one thread each.
  model::ComputeThreads::apply(1);
  serve::ModelServer::Options options;
  options.port = 0;
  options.limits.threads = threads;
  serve::ModelServer server(*model, options);
  server.start();
  std::printf(
      "server: %s, %d worker threads; %d texts per request; at most %d requests per "
      "client and %.0f s per level\n",
      server.url().c_str(), threads, texts, requests, seconds);
  std::printf("%8s %10s %10s %10s %10s %10s %8s\n", "clients", "requests", "req/s", "words/s",
              "p50 ms", "p99 ms", "errors");
  for (const int clients : {1, 4, 16}) {
    std::mutex mutex;
    std::vector<double> latencies;
    std::atomic<int> errors{0};
    std::atomic<int64_t> words{0};
    const auto start = Clock::now();
    const auto until = start + std::chrono::duration<double>(seconds);
    std::vector<std::thread> pool;
    for (int c = 0; c < clients; ++c) {
      pool.emplace_back([&, c] {
        httplib::Client client("127.0.0.1", server.port());
        client.set_read_timeout(60, 0);
        std::vector<double> mine;
        for (int r = 0; r < requests && Clock::now() < until; ++r) {
          const auto t0 = Clock::now();
          const size_t b = static_cast<size_t>(c + r) % bodies.size();
          const auto res = client.Post("/predict", bodies[b], "application/json");
          if (!res || res->status != 200)
            ++errors;
          else
            words += bodyWords[b];
          mine.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        }
        const std::lock_guard<std::mutex> lock(mutex);
        latencies.insert(latencies.end(), mine.begin(), mine.end());
      });
    }
    for (auto& t : pool) t.join();
    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    std::printf("%8d %10zu %10.1f %10.0f %10.1f %10.1f %8d\n", clients, latencies.size(),
                static_cast<double>(latencies.size()) / elapsed,
                static_cast<double>(words.load()) / elapsed, percentile(latencies, 0.5),
                percentile(latencies, 0.99), errors.load());
  }
  server.stop();
  return 0;
}
