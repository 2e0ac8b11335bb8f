// model.unfreeze_vectors_after: word vectors stay as read for that many
// epochs, then train with the rest; the package keeps the trained table.
#include "model/safetensorsfile.h"
#include "model/vectors.h"
#include "tempdir.h"
#include "train/package/modelpackage.h"
#include "train/trainer.h"
#include "traintestdata.h"

#include "catchapi.h"

#include <cstring>
#include <set>

using namespace spanforge::train;
using namespace spanforge::train::testing;
using spanforge::testing::TempDir;
namespace model = spanforge::model;

namespace {

constexpr int64_t kDim = 8;

// A vector for each of the first 60 distinct words of the training data.
std::shared_ptr<const model::Vectors> vectorsOf(const Corpus& train) {
  std::vector<std::string> words;
  std::set<std::string> seen;
  for (const auto& e : train.examples())
    for (const auto& t : e.tokens)
      if (words.size() < 60 && seen.insert(t).second) words.push_back(t);
  std::vector<float> data(words.size() * kDim);
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<float>(i % 13) / 13.0f - 0.5f;
  return std::make_shared<const model::Vectors>(words, std::move(data), kDim);
}

// How many rows of the package's trained table differ from the vectors read.
int64_t rowsChanged(const std::string& package, const model::Vectors& vectors) {
  const model::SafetensorsFile weights(package + "/" + ModelPackage::kWeightsFile);
  const model::SafetensorsTensor* table = weights.find("vectors");
  REQUIRE(table != nullptr);
  REQUIRE(table->shape == std::vector<int64_t>{vectors.size() + 1, kDim});
  const auto* trained = reinterpret_cast<const float*>(weights.data(*table)) + kDim;  // row 0: none
  int64_t changed = 0;
  for (int64_t r = 0; r < vectors.size(); ++r)
    changed += std::memcmp(trained + r * kDim, vectors.data().data() + r * kDim,
                           sizeof(float) * kDim) != 0;
  return changed;
}

}  // namespace

TEST_CASE("vectors unfreeze after the epochs set, and the package keeps what they learned") {
  TempDir dir;
  const Corpus train = head(demoTrain(), 120);
  const auto vectors = vectorsOf(train);
  TrainConfig config = tinyConfig();
  config.model.vectors = "given.txt";  // preloaded below, never read
  config.training.maxSteps = 0;
  config.training.maxEpochs = 3;
  TrainerOptions options;
  options.vectors = vectors;

  SECTION("frozen for the whole run") {
    config.model.unfreezeVectorsAfter = 3;
    const FinishedEvent done =
        Trainer(config, train, head(demoDev(), 60), dir.file("m"), options).run();
    INFO(done.message);
    REQUIRE(done.reason == FinishReason::MaxEpochs);
    CHECK(rowsChanged(dir.file("m"), *vectors) == 0);
  }
  SECTION("trained from the second epoch on, with a parameter average") {
    config.model.unfreezeVectorsAfter = 1;
    config.training.paramAverage = 0.9;
    const FinishedEvent done =
        Trainer(config, train, head(demoDev(), 60), dir.file("m"), options).run();
    INFO(done.message);
    REQUIRE(done.reason == FinishReason::MaxEpochs);
    CHECK(rowsChanged(dir.file("m"), *vectors) > 0);
    const ModelPackage package = ModelPackage::load(dir.file("m"));
    CHECK(package.config().model.unfreezeVectorsAfter == 1);
  }
}
