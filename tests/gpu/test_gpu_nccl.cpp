// On a GPU: a one-rank process group all-reduces and broadcasts CUDA
// tensors through NCCL.
// First, so that Catch's CHECK replaces glog's (see torchcatch.h).
#include "torchcatch.h"

#include "gpurequired.h"
#include "train/distributed/processgroup.h"

#include <torch/torch.h>

#include <chrono>

using namespace spanforge::train;
using spanforge::testing::requireGpu;

TEST_CASE("a one-rank NCCL group initialises and all-reduces CUDA tensors") {
  requireGpu();
  RankEnvironment env;  // rank 0 of 1 on 127.0.0.1, a free port
  ProcessGroup group(env, std::chrono::seconds(60));
  group.connect();
  const auto options = torch::TensorOptions().device(torch::kCUDA);
  std::vector<at::Tensor> tensors{torch::arange(6, options).to(torch::kFloat),
                                  torch::full({3}, 2.5, options)};
  REQUIRE(std::string(ProcessGroup::backendFor(tensors.front())) == "nccl");
  const std::vector<at::Tensor> before{tensors[0].clone(), tensors[1].clone()};
  group.allReduceSum(tensors);
  group.broadcast(tensors);
  for (size_t i = 0; i < tensors.size(); ++i) {
    CHECK(tensors[i].is_cuda());
    CHECK(torch::equal(tensors[i].cpu(), before[i].cpu()));  // one rank: the sum of itself
  }
  // CPU tensors still go through Gloo in the same group.
  std::vector<at::Tensor> host{torch::ones({4})};
  CHECK(std::string(ProcessGroup::backendFor(host.front())) == "gloo");
  group.allReduceSum(host);
  CHECK(torch::equal(host.front(), torch::ones({4})));
}
