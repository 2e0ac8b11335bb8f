// The auxiliary language-model objective (model.lm_loss).
#include "model/batch.h"
#include "model/batchtensors.h"
#include "model/languagemodelhead.h"
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

ModelConfig lmConfig() {
  ModelConfig c = spanforge::model::testing::smallConfig("bilstm", "biluo");
  c.dropout = 0.0;
  c.lmLoss = 1.0;
  return c;
}

BatchTensors tensorsOf(const NerModel& m, const std::vector<std::vector<std::string>>& sentences) {
  Batch b;
  for (const auto& s : sentences) b.add(m.featurize(s));
  return m.tensors(b);
}

std::vector<int64_t> slot(const torch::Tensor& targets, int64_t b, int64_t t) {
  const torch::Tensor row = targets[b][t].contiguous();
  return {row.data_ptr<int64_t>(), row.data_ptr<int64_t>() + row.numel()};
}

}  // namespace

TEST_CASE("lm targets: first and last three characters, ASCII, 0 where there are none") {
  const NerModel m(lmConfig(), {"LOC"});
  const BatchTensors t = tensorsOf(m, {{"Paris", "is", "\xc3\xa9t\xc3\xa9"}, {"Oslo"}});
  const torch::Tensor y = LanguageModelHead::targets(t.charBuckets(), t.charOrder(), 2, 3);
  REQUIRE(y.sizes() == torch::IntArrayRef({2, 3, 6}));
  CHECK(slot(y, 0, 0) == std::vector<int64_t>{'P', 'a', 'r', 's', 'i', 'r'});
  CHECK(slot(y, 0, 1) == std::vector<int64_t>{'i', 's', 0, 's', 'i', 0});
  // "été": other characters are one class (127).
  CHECK(slot(y, 0, 2) == std::vector<int64_t>{127, 't', 127, 127, 't', 127});
  CHECK(slot(y, 1, 0) == std::vector<int64_t>{'O', 's', 'l', 'o', 'l', 's'});
  CHECK(slot(y, 1, 1) == std::vector<int64_t>(6, 0));  // padding
}

TEST_CASE("lm loss: each direction reads only the side of the token it predicts") {
  torch::manual_seed(3);
  const ModelConfig config = lmConfig();
  const TagSet tags({"LOC"}, spanforge::text::TagScheme::BILUO);
  const NerNetwork net(config, tags, nullptr);
  const NerModel m(config, {"LOC"});  // for featurizing only
  const BatchTensors a = tensorsOf(m, {{"we", "flew", "to", "Oslo", "today"}});
  const BatchTensors b = tensorsOf(m, {{"we", "flew", "to", "Bergen", "today"}});
  const torch::Tensor xa = net.encoded(a, false);
  const torch::Tensor xb = net.encoded(b, false);
  const int64_t h = config.hidden;
  // Token 3 differs: the forward half before it and the backward half after it do
  // not (up to rounding: the character encoder batches the tokens differently).
  const auto same = [](const torch::Tensor& x, const torch::Tensor& y) {
    return torch::allclose(x, y, 1e-5, 1e-6);
  };
  CHECK(same(xa.narrow(1, 0, 3).narrow(2, 0, h), xb.narrow(1, 0, 3).narrow(2, 0, h)));
  CHECK(same(xa.narrow(1, 4, 1).narrow(2, h, h), xb.narrow(1, 4, 1).narrow(2, h, h)));
  CHECK_FALSE(same(xa.narrow(1, 3, 1).narrow(2, 0, h), xb.narrow(1, 3, 1).narrow(2, 0, h)));
  CHECK_FALSE(same(xa.narrow(1, 2, 1).narrow(2, h, h), xb.narrow(1, 2, 1).narrow(2, h, h)));

  // The loss for a sentence is about 2 * (tokens - 1) character cross-entropies of
  // an untrained head: near log(128) each, averaged over the characters.
  const double loss = net.languageModelLoss(xa, a).item<double>();
  CHECK(loss > 2.0 * 4 * 0.5 * std::log(128.0));
  CHECK(loss < 2.0 * 4 * 1.5 * std::log(128.0));
  // A one-token sentence predicts nothing.
  const BatchTensors one = tensorsOf(m, {{"Oslo"}});
  CHECK(net.languageModelLoss(net.encoded(one, false), one).item<double>() == 0.0);
}

TEST_CASE("lm loss: the head learns the neighbours, training moves the loss down") {
  torch::manual_seed(5);
  ModelConfig config = lmConfig();
  NerModel m(config, {"LOC"});
  Batch batch;
  for (int i = 0; i < 4; ++i)
    batch.add(m.featurize({"the", "cat", "sat", "on", "the", "mat"}), m.encodeTags({}, 6));
  m.setTraining(true);
  torch::optim::Adam opt(m.module().parameters(), torch::optim::AdamOptions(0.01));
  const double dev0 = m.loss(batch);
  double first = 0, last = 0;
  for (int step = 0; step < 60; ++step) {
    opt.zero_grad();
    torch::Tensor loss = m.lossTensor(batch);
    loss.backward();
    opt.step();
    (step == 0 ? first : last) = loss.item<double>();
  }
  CHECK(last < first / 4);
  // The dev loss (no dropout, no auxiliary term) is the CRF's alone: below the
  // training loss, which adds the language model's.
  CHECK(m.loss(batch) < dev0);
  CHECK(m.loss(batch) < last);
}

TEST_CASE("lm loss needs the one-layer bilstm encoder and a weight >= 0") {
  const TagSet tags({"LOC"}, spanforge::text::TagScheme::BILUO);
  ModelConfig c = lmConfig();
  c.encoder = "cnn";
  CHECK_THROWS_AS(NerNetwork(c, tags, nullptr), std::invalid_argument);
  c = lmConfig();
  c.layers = 2;
  CHECK_THROWS_AS(NerNetwork(c, tags, nullptr), std::invalid_argument);
  c = lmConfig();
  c.lmLoss = -1;
  CHECK_THROWS_AS(NerNetwork(c, tags, nullptr), std::invalid_argument);
  c.lmLoss = 0;
  c.layers = 2;
  CHECK_NOTHROW(NerNetwork(c, tags, nullptr));
}
