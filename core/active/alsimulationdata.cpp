#include "active/alsimulationdata.h"

#include "train/data/projectdata.h"
#include "train/trainingerror.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

namespace spanforge::active {

AlSimulationData AlSimulationData::fromProject(store::ProjectStore& project,
                                               const train::DataSettings& settings,
                                               double testFraction) {
  train::TrainingData data = train::TrainingData::load(project, settings);
  AlSimulationData out;
  out.dev = std::move(data.dev);
  out.devSource = data.devSource;
  if (!data.test.empty()) {
    out.pool = std::move(data.train);
    out.test = std::move(data.test);
    out.testSource = "the " + std::to_string(out.test.size()) + " documents marked test";
  } else {
    // Seeded apart from the dev draw, so that the two sets do not line up.
    const size_t n = data.train.size();
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::mt19937_64 rng(static_cast<uint64_t>(settings.devSeed) + 1);
    std::shuffle(order.begin(), order.end(), rng);
    const auto held = static_cast<size_t>(std::lround(testFraction * static_cast<double>(n)));
    std::vector<bool> isTest(n, false);
    for (size_t k = 0; k < held; ++k) isTest[order[k]] = true;
    for (size_t i = 0; i < n; ++i) (isTest[i] ? out.test : out.pool).add(data.train[i]);
    out.testSource = "a seeded " + std::to_string(std::lround(testFraction * 100)) +
                     "% of the training documents (" + std::to_string(out.test.size()) +
                     "), held out of the pool";
  }
  const auto minimum = static_cast<size_t>(std::max<int64_t>(settings.minExamples, 1));
  if (out.pool.size() < minimum)
    throw train::TrainingError("simulating needs at least " + std::to_string(minimum) +
                               " accepted training documents in the pool (data.min_examples); "
                               "the project has " +
                               std::to_string(out.pool.size()));
  if (out.dev.empty()) throw train::TrainingError("the dev set is empty: accept more documents");
  if (out.test.empty())
    throw train::TrainingError("the test set is empty: mark documents as test or accept more");
  return out;
}

}  // namespace spanforge::active
