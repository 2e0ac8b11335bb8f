// model.dropout_at and model.variational_dropout: where dropout applies, and
// whether a sentence's tokens share one mask.
#include "model/batch.h"
#include "model/batchtensors.h"
#include "model/nermodel.h"
#include "model/nernetwork.h"
#include "model/tagset.h"
#include "smallmodel.h"

#include "torchcatch.h"

#include <torch/torch.h>

#include <stdexcept>
#include <string>
#include <vector>

using namespace spanforge::model;

namespace {

const std::vector<std::vector<std::string>> kSentences = {
    {"we", "flew", "to", "Oslo", "today", "with", "Anna"},
    {"Paris", "is", "far", "from", "Bergen", "and", "Rome"}};

ModelConfig withDropout(const std::string& at, bool variational) {
  ModelConfig c = spanforge::model::testing::smallConfig("bilstm", "biluo");
  c.dropout = 0.5;
  c.dropoutAt = at;
  c.variationalDropout = variational;
  return c;
}

// The encoder output while training, and how much of it is exactly zero (only
// output dropout zeroes whole entries: a BiLSTM's tanh outputs are never 0).
torch::Tensor trainingOutput(const ModelConfig& config) {
  torch::manual_seed(5);
  const TagSet tags({"LOC", "PER"}, spanforge::text::TagScheme::BILUO);
  const NerNetwork net(config, tags, nullptr);
  const NerModel m(config, {"LOC", "PER"});  // for featurizing only
  Batch b;
  for (const auto& s : kSentences) b.add(m.featurize(s));
  return net.encoded(m.tensors(b), true);
}

double zeroShare(const torch::Tensor& x) { return x.eq(0).to(torch::kFloat).mean().item<double>(); }

}  // namespace

TEST_CASE("dropout_at: both and output zero half the encoder output, input none of it") {
  const double both = zeroShare(trainingOutput(withDropout("both", false)));
  const double output = zeroShare(trainingOutput(withDropout("output", false)));
  const double input = zeroShare(trainingOutput(withDropout("input", false)));
  CHECK(both == Approx(0.5).margin(0.05));
  CHECK(output == Approx(0.5).margin(0.05));
  CHECK(input == 0.0);
  // Input dropout still changes what the encoder reads: two draws differ.
  torch::manual_seed(1);
  const TagSet tags({"LOC"}, spanforge::text::TagScheme::BILUO);
  const ModelConfig config = withDropout("input", false);
  const NerNetwork net(config, tags, nullptr);
  const NerModel m(config, {"LOC"});
  Batch b;
  b.add(m.featurize(kSentences[0]));
  const BatchTensors t = m.tensors(b);
  CHECK_FALSE(torch::equal(net.encoded(t, true), net.encoded(t, true)));
  CHECK(torch::equal(net.encoded(t, false), net.encoded(t, false)));  // none when predicting
}

TEST_CASE("variational dropout: one mask per sentence, shared by every token") {
  const torch::Tensor x = trainingOutput(withDropout("output", true));  // [B, T, D]
  const torch::Tensor zero = x.eq(0);
  // A feature is dropped at every token of a sentence or at none.
  const torch::Tensor perFeature = zero.all(1);
  CHECK(torch::equal(perFeature, zero.any(1)));
  CHECK(zeroShare(x) == Approx(0.5).margin(0.1));
  // The two sentences draw their own masks.
  CHECK_FALSE(torch::equal(perFeature[0], perFeature[1]));
  // Per-token masks differ from token to token.
  const torch::Tensor perToken = trainingOutput(withDropout("output", false)).eq(0);
  CHECK_FALSE(torch::equal(perToken.all(1), perToken.any(1)));
}

TEST_CASE("dropout_at: anything else is refused") {
  const TagSet tags({"LOC"}, spanforge::text::TagScheme::BILUO);
  CHECK_THROWS_AS(NerNetwork(withDropout("encoder", false), tags, nullptr), std::invalid_argument);
}
