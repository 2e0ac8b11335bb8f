#pragma once

#include "model/sentencefeatures.h"
#include "train/config/trainconfig.h"
#include "train/trainevent.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::model {
class NerModel;
}

namespace spanforge::train {

// batch_size = "auto": runs forward and backward (no optimizer step: the
// weights stay as they are, and so does the CPU random state) on batches of
// 256, 512, ... words made as the Batcher makes them, then picks one.
// - CPU: among the sizes that keep the process under the memory limit, the
//   smallest within 5% of the best words/s: bigger batches barely speed up a
//   CPU, and a smaller one makes more updates per epoch.
// - CUDA: grows the batch until out of memory (or the limit) and takes 80%
//   of the largest that fit, a margin for the allocator's fragmentation.
// Each size starts with a batch of the longest sentences, the most memory a
// batch of that size can take; growth stops at the first size over the
// limit, or once words/s falls clearly below the best.
class BatchSizeProbe {
 public:
  struct Limits {
    int64_t memoryBytes = 0;  // 0: defaultMemoryLimit(device)
    int64_t minWords = 256;
    int64_t maxWords = 16384;     // also at most half the training words
    double secondsPerSize = 0.5;  // timed per size, at least two batches
  };

  BatchSizeProbe(model::NerModel& model, const std::vector<model::SentenceFeatures>& features,
                 const std::vector<std::vector<int64_t>>& tags, std::string device,
                 const TrainingSettings& settings);

  // words is 0 when not even minWords fits.
  BatchSizeEvent run(const Limits& limits) const;

  // Whether a run on `device` with these settings probes its batch size:
  // batch_size "auto", or "auto_on_gpu" on a CUDA device.
  static bool wanted(const TrainingSettings& settings, const std::string& device);
  // CPU: 3/4 of the memory available now (MemAvailable), 4 GiB when unknown.
  // CUDA: the device's memory (host memory says nothing about it; an
  // out-of-memory error ends the probe there), unlimited when unknown.
  static int64_t defaultMemoryLimit(const std::string& device = "cpu");
  // The choice rule, on trials in growing order (see the class comment).
  static int64_t choose(const std::vector<BatchSizeTrial>& trials, bool cuda);

 private:
  BatchSizeTrial measure(int64_t words, int64_t limitBytes, double seconds) const;
  int64_t gradientOf(const std::vector<size_t>& sentences) const;  // returns its words
  int64_t heldBytes() const;

  model::NerModel& model_;
  const std::vector<model::SentenceFeatures>& features_;
  const std::vector<std::vector<int64_t>>& tags_;
  std::string device_;
  TrainingSettings settings_;
  bool cuda_;
};

}  // namespace spanforge::train
