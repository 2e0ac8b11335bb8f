// ComputeDevice::capMemory and the small accessors the GPU tests (tests/gpu)
// rely on, as far as they go without a GPU.
// First, so that Catch's CHECK replaces glog's (see torchcatch.h).
#include "torchcatch.h"

#include "model/nermodel.h"
#include "train/batchgradient.h"
#include "train/device/computedevice.h"
#include "train/distributed/processgroup.h"
#include "traintestdata.h"

#include <torch/torch.h>

using namespace spanforge::train;
using namespace spanforge::train::testing;

TEST_CASE(
    "capMemory: a fraction not above 0 or above 1 is refused saying so, and the CPU has no cap") {
  for (double bad : {0.0, -0.5, 1.5, std::nan("")}) {
    INFO(bad);
    CHECK_THROWS_WITH(ComputeDevice::capMemory("cuda", bad),
                      ContainsSubstring("above 0 and at most 1"));
  }
  CHECK_NOTHROW(ComputeDevice::capMemory("cpu", 0.5));
  CHECK_NOTHROW(ComputeDevice::capMemory("cpu", 1.0));
}

TEST_CASE("lossScale: 65536 for fp16 (2^16, as PyTorch's GradScaler), 1 otherwise") {
  const TrainConfig config = tinyConfig();
  const Corpus train = head(demoTrain(), 4);
  spanforge::model::NerModel model(config.model, train.labels());
  const std::vector<spanforge::model::SentenceFeatures> features;
  const std::vector<std::vector<int64_t>> tags;
  CHECK(BatchGradient(model, features, tags, "cpu", "off").lossScale() == 1.0);
  CHECK(BatchGradient(model, features, tags, "cpu", "bf16").lossScale() == 1.0);
  CHECK(BatchGradient(model, features, tags, "cpu", "fp16").lossScale() == 65536.0);
}

TEST_CASE("ProcessGroup::backendFor: CPU tensors go through Gloo") {
  CHECK(std::string(ProcessGroup::backendFor(torch::ones({2}))) == "gloo");
}
