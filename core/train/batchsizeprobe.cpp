#include "train/batchsizeprobe.h"

#include "model/batch.h"
#include "model/nermodel.h"
#include "train/data/batcher.h"
#include "train/device/autocastscope.h"
#include "train/device/computedevice.h"
#include "train/device/cudadevices.h"

#include <ATen/CPUGeneratorImpl.h>
#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <limits>
#include <mutex>
#include <new>
#include <numeric>
#include <random>
#include <utility>

namespace spanforge::train {
namespace {

using Clock = std::chrono::steady_clock;

constexpr double kNearBest = 0.95;   // CPU: as good as the best
constexpr double kPastPeak = 0.85;   // stop growing below this share of the best
constexpr double kCudaMargin = 0.8;  // CUDA: of the largest size that fit
constexpr double kMaxSeconds = 60.0;

bool outOfMemory(const c10::Error& e) {
  return std::string(e.what_without_backtrace()).find("out of memory") != std::string::npos;
}

// Saves the CPU generator's state and puts it back, so that a run that
// probed trains exactly as one given the chosen size.
class RandomStateKeeper {
 public:
  RandomStateKeeper() {
    at::Generator gen = at::detail::getDefaultCPUGenerator();
    std::lock_guard<std::mutex> lock(gen.mutex());
    state_ = gen.get_state();
  }
  ~RandomStateKeeper() {
    at::Generator gen = at::detail::getDefaultCPUGenerator();
    std::lock_guard<std::mutex> lock(gen.mutex());
    gen.set_state(state_);
  }
  RandomStateKeeper(const RandomStateKeeper&) = delete;
  RandomStateKeeper& operator=(const RandomStateKeeper&) = delete;

 private:
  at::Tensor state_;
};

}  // namespace

BatchSizeProbe::BatchSizeProbe(model::NerModel& model,
                               const std::vector<model::SentenceFeatures>& features,
                               const std::vector<std::vector<int64_t>>& tags, std::string device,
                               const TrainingSettings& settings)
    : model_(model),
      features_(features),
      tags_(tags),
      device_(std::move(device)),
      settings_(settings),
      cuda_(ComputeDevice::isCuda(device_)) {}

bool BatchSizeProbe::wanted(const TrainingSettings& settings, const std::string& device) {
  return settings.batchSize == "auto" ||
         (settings.batchSize == "auto_on_gpu" && ComputeDevice::isCuda(device));
}

int64_t BatchSizeProbe::defaultMemoryLimit(const std::string& device) {
  if (ComputeDevice::isCuda(device)) {
    for (const CudaDeviceInfo& d : CudaDevices::list())
      if (d.index == ComputeDevice::cudaIndex(device) && d.totalBytes > 0) return d.totalBytes;
    return std::numeric_limits<int64_t>::max();
  }
  std::ifstream in("/proc/meminfo");
  std::string key;
  int64_t kb = 0;
  std::string unit;
  while (in >> key >> kb >> unit)
    if (key == "MemAvailable:") return kb * 1024 / 4 * 3;
  return int64_t{4} << 30;
}

int64_t BatchSizeProbe::choose(const std::vector<BatchSizeTrial>& trials, bool cuda) {
  double best = 0.0;
  int64_t largest = 0;
  for (const auto& t : trials) {
    if (!t.fits) continue;
    best = std::max(best, t.wordsPerSecond);
    largest = std::max(largest, t.words);
  }
  if (largest == 0) return 0;
  const bool hitLimit =
      std::any_of(trials.begin(), trials.end(), [](const BatchSizeTrial& t) { return !t.fits; });
  if (cuda)
    return hitLimit ? std::max<int64_t>(1, static_cast<int64_t>(kCudaMargin * largest)) : largest;
  for (const auto& t : trials)
    if (t.fits && t.wordsPerSecond >= kNearBest * best) return t.words;
  return largest;
}

int64_t BatchSizeProbe::heldBytes() const {
  const MemoryUsage m = ComputeDevice::memory(device_);
  return cuda_ ? m.peakBytes : m.currentBytes;
}

int64_t BatchSizeProbe::gradientOf(const std::vector<size_t>& sentences) const {
  model::Batch batch;
  int64_t words = 0;
  for (size_t i : sentences) {
    batch.add(features_[i], tags_[i]);
    words += features_[i].length;
  }
  torch::Tensor loss;
  {
    const AutocastScope amp(device_, settings_.mixedPrecision);
    loss = model_.lossTensor(batch);
  }
  loss.backward();
  return words;
}

BatchSizeTrial BatchSizeProbe::measure(int64_t words, int64_t limitBytes, double seconds) const {
  BatchSizeTrial t;
  t.words = words;
  auto clearGradients = [this] {
    for (auto& p : model_.module().parameters()) p.mutable_grad() = torch::Tensor();
  };
  try {
    // The longest sentences first: the most memory a batch of this size takes.
    std::vector<size_t> order(features_.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(), [this](size_t a, size_t b) {
      return model::batchLength(features_[a]) > model::batchLength(features_[b]);
    });
    std::vector<size_t> longest;
    int64_t taken = 0;
    for (size_t i : order) {
      const int64_t length = model::batchLength(features_[i]);
      if (length == 0) continue;
      if (!longest.empty() && taken + length > words) break;
      longest.push_back(i);
      taken += length;
    }
    ComputeDevice::resetPeak(device_);
    gradientOf(longest);
    t.memoryBytes = heldBytes();
    clearGradients();
    if (t.memoryBytes > limitBytes) {
      t.fits = false;
      return t;
    }
    TrainingSettings fixed = settings_;
    fixed.batchSize = "fixed";
    fixed.batchWords = words;
    std::vector<int64_t> lengths;
    for (const auto& f : features_) lengths.push_back(model::batchLength(f));
    std::mt19937_64 rng(static_cast<uint64_t>(settings_.seed));
    const auto batches = Batcher(std::move(lengths), fixed).epoch(rng, 1);
    // Timed: batches as training makes them, at least two and `seconds`.
    double spent = 0.0;
    int64_t trained = 0;
    size_t n = 0;
    for (const auto& b : batches) {
      if (n >= 2 && spent >= seconds) break;
      const auto t0 = Clock::now();
      trained += gradientOf(b);
      clearGradients();
      spent += std::chrono::duration<double>(Clock::now() - t0).count();
      ++n;
    }
    t.memoryBytes = std::max(t.memoryBytes, heldBytes());
    t.wordsPerSecond = spent > 0 ? static_cast<double>(trained) / spent : 0.0;
    return t;
  } catch (const std::bad_alloc&) {
    t.fits = false;
  } catch (const c10::Error& e) {
    if (!outOfMemory(e)) throw;
    t.fits = false;
  }
  clearGradients();
  ComputeDevice::releaseCache(device_);
  return t;
}

BatchSizeEvent BatchSizeProbe::run(const Limits& limits) const {
  const auto start = Clock::now();
  BatchSizeEvent e;
  e.memoryLimitBytes = limits.memoryBytes > 0 ? limits.memoryBytes : defaultMemoryLimit(device_);
  int64_t corpusWords = 0;
  for (const auto& f : features_) corpusWords += model::batchLength(f);
  const int64_t largest = std::max(limits.minWords, std::min(limits.maxWords, corpusWords / 2));
  const RandomStateKeeper keep;
  model_.setTraining(true);
  double best = 0.0;
  for (int64_t words = limits.minWords; words <= largest; words *= 2) {
    const BatchSizeTrial t = measure(words, e.memoryLimitBytes, limits.secondsPerSize);
    e.trials.push_back(t);
    if (!t.fits) break;
    if (!cuda_ && t.wordsPerSecond < kPastPeak * best) break;
    best = std::max(best, t.wordsPerSecond);
    if (std::chrono::duration<double>(Clock::now() - start).count() > kMaxSeconds) break;
  }
  model_.setTraining(false);
  e.words = choose(e.trials, cuda_);
  e.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return e;
}

}  // namespace spanforge::train
