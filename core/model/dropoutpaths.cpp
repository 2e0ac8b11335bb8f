#include "model/dropoutpaths.h"

#include "model/crflattice.h"
#include "model/sentencefeatures.h"

#include <torch/torch.h>

#include <algorithm>
#include <map>
#include <vector>

namespace spanforge::model {
namespace {

uint64_t mix(uint64_t h, uint64_t v) {
  // splitmix64 of the running hash and the next value
  uint64_t z = h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t seedOf(const SentenceFeatures& s) {
  uint64_t h = mix(0, static_cast<uint64_t>(s.length));
  for (const int64_t id : s.hashIds) h = mix(h, static_cast<uint64_t>(id));
  for (const int64_t id : s.charIds) h = mix(h, static_cast<uint64_t>(id));
  return h;
}

}  // namespace

double DropoutPaths::disagreement(const at::Tensor& encoded,
                                  const std::function<at::Tensor(const at::Tensor&)>& tagScores,
                                  const CrfScores& scores, double dropout, int samples,
                                  const SentenceFeatures& sentence) {
  const int64_t n = encoded.size(0);
  if (n == 0 || samples < 2 || dropout <= 0) return 0.0;
  torch::Generator gen = at::detail::createCPUGenerator(seedOf(sentence));
  // Drawn on the CPU, where the seeded generator is, whatever the model's device.
  const torch::Tensor keep =
      torch::full({samples, n, encoded.size(1)}, 1.0 - dropout).bernoulli(gen).to(encoded.device());
  const torch::Tensor emissions =
      tagScores(encoded.to(torch::kFloat).unsqueeze(0) * keep / (1.0 - dropout))
          .to(torch::kCPU, torch::kFloat)
          .contiguous();
  const int64_t k = emissions.size(2);
  const float* data = emissions.data_ptr<float>();
  std::map<std::vector<int64_t>, int> paths;
  int most = 0;
  for (int s = 0; s < samples; ++s) {
    const CrfLattice lattice(scores, data + s * n * k, n);
    most = std::max(most, ++paths[lattice.bestPath()]);
  }
  return 1.0 - static_cast<double>(most) / samples;
}

}  // namespace spanforge::model
