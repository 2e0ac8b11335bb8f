#include "conlldata.h"
#include "model/computethreads.h"
#include "model/featurizer.h"
#include "model/nermodel.h"
#include "model/safetensorserror.h"
#include "model/safetensorsfile.h"
#include "model/tagset.h"
#include "model/vectors.h"
#include "slurp.h"
#include "smallmodel.h"
#include "tempdir.h"

#include "torchcatch.h"

#include <chrono>
#include <fstream>
#include <optional>
#include <thread>

// For Catch's messages (and glog's operator<< for vectors, which torch pulls in).
namespace spanforge::text {
inline std::ostream& operator<<(std::ostream& os, const TokenSpan& s) {
  return os << "[" << s.first << "," << s.last << ")" << s.label;
}
}  // namespace spanforge::text

using namespace spanforge::model;
using spanforge::model::testing::batchOf;
using spanforge::model::testing::readConll;
using spanforge::model::testing::Sentence;
using spanforge::model::testing::smallConfig;
using spanforge::model::testing::train;
using spanforge::testing::TempDir;

namespace {

std::vector<std::vector<spanforge::text::TokenSpan>> spansOf(const std::vector<Prediction>& p) {
  std::vector<std::vector<spanforge::text::TokenSpan>> out;
  for (const auto& x : p) {
    out.emplace_back();
    for (const auto& s : x.spans) out.back().push_back(s.span);
  }
  return out;
}

// Each sentence predicted alone gets what it got in the batch `together`.
void checkAloneAsTogether(const NerModel& model, const std::vector<Sentence>& data,
                          const std::vector<Prediction>& together) {
  for (size_t i = 0; i < data.size(); ++i) {
    const auto alone = model.predict(batchOf(model, {data[i]}, false));
    CHECK(alone[0].tags == together[i].tags);
    CHECK(alone[0].bestPathProbability == Approx(together[i].bestPathProbability).epsilon(1e-4));
    CHECK(alone[0].meanTokenEntropy == Approx(together[i].meanTokenEntropy).epsilon(1e-4));
  }
}

}  // namespace

TEST_CASE("ner model: overfits 20 WNUT sentences and predicts their spans") {
  ComputeThreads::apply(1);
  const std::vector<Sentence> data = readConll(testing::kDemoTrain, 20);
  REQUIRE(data.size() == 20);
  const auto labels = testing::labelsOf(data);
  REQUIRE(labels.size() >= 3);
  for (auto [encoder, scheme] : {std::pair{"bilstm", "biluo"}, std::pair{"cnn", "iob2"}}) {
    INFO(encoder << " " << scheme);
    torch::manual_seed(0);
    NerModel model(smallConfig(encoder, scheme), labels);
    const Batch batch = batchOf(model, data, true);
    const double before = model.loss(batch);
    const auto t0 = std::chrono::steady_clock::now();
    const double after = train(model, batch, 80);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    INFO(encoder << ": loss " << before << " -> " << after << " in " << secs << " s");
    CHECK(after < 0.05 * before);
    CHECK(after < 0.5);

    const std::vector<Prediction> pred = model.predict(batchOf(model, data, false));
    REQUIRE(pred.size() == data.size());
    for (size_t i = 0; i < data.size(); ++i) {
      CHECK(spansOf(pred)[i] == data[i].spans);
      for (const auto& s : pred[i].spans) CHECK(s.score > 0.5);
      CHECK(pred[i].bestPathProbability > 0.5);
      CHECK(pred[i].margin <= pred[i].bestPathProbability);
      CHECK(pred[i].tags.size() == data[i].tokens.size());
    }
  }
}

TEST_CASE("ner model: predictions do not depend on batch companions") {
  ComputeThreads::apply(1);
  const std::vector<Sentence> data = readConll(testing::kDemoTrain, 6);
  for (const char* encoder : {"bilstm", "cnn"}) {
    torch::manual_seed(1);
    NerModel model(smallConfig(encoder, "biluo"), testing::labelsOf(data));
    checkAloneAsTogether(model, data, model.predict(batchOf(model, data, false)));
  }
}

TEST_CASE("ner model: character BiLSTM and a subset of word features") {
  ComputeThreads::apply(1);
  const std::vector<Sentence> data = readConll(testing::kDemoTrain, 20);
  torch::manual_seed(4);
  ModelConfig c = smallConfig("bilstm", "biluo");
  c.charEncoder = "bilstm";
  c.charHidden = 16;
  c.wordFeatures = "norm";  // Lample et al.'s inputs: the word and its characters
  NerModel model(c, testing::labelsOf(data));
  const auto named = model.module().named_parameters();
  REQUIRE(named.contains("hash_embed"));
  CHECK(named["hash_embed"].size(0) == c.hashRows);  // one feature table, not four
  CHECK(named.contains("char_lstm.weight_hh_l0_reverse"));
  CHECK_FALSE(named.contains("char_conv.weight"));

  const Batch batch = batchOf(model, data, true);
  const double before = model.loss(batch);
  const double after = train(model, batch, 80);
  INFO("loss " << before << " -> " << after);
  CHECK(after < 0.05 * before);
  const auto together = model.predict(batchOf(model, data, false));
  const auto spans = spansOf(together);
  for (size_t i = 0; i < data.size(); ++i) CHECK(spans[i] == data[i].spans);
  checkAloneAsTogether(model, data, together);
}

TEST_CASE("ner model: tensors built apart, also on another thread, give the same loss") {
  ComputeThreads::apply(1);
  const std::vector<Sentence> data = readConll(testing::kDemoTrain, 12);
  torch::manual_seed(3);
  NerModel model(smallConfig("bilstm", "biluo"), testing::labelsOf(data));
  const Batch batch = batchOf(model, data, true);
  const double whole = model.lossTensor(batch).item<double>();  // not training: no dropout
  CHECK(model.lossTensor(model.tensors(batch)).item<double>() == whole);
  std::optional<BatchTensors> built;
  std::thread([&] { built.emplace(model.tensors(batch)); }).join();
  REQUIRE(built);
  CHECK(model.lossTensor(*built).item<double>() == whole);
  // Building draws no random numbers: the same seed, the same dropout masks.
  model.setTraining(true);
  torch::manual_seed(9);
  const double a = model.lossTensor(batch).item<double>();
  torch::manual_seed(9);
  const double b = model.lossTensor(*built).item<double>();
  model.setTraining(false);
  CHECK(a == b);
  CHECK(a != whole);
  CHECK_THROWS_AS(model.lossTensor(model.tensors(batchOf(model, data, false))),
                  std::invalid_argument);
}

TEST_CASE("ner model: without the word feature, word dropout has nothing to hide") {
  ComputeThreads::apply(1);
  const std::vector<Sentence> data = readConll(testing::kDemoTrain, 8);
  torch::manual_seed(5);
  ModelConfig c = smallConfig("cnn", "biluo");
  c.dropout = 0.0;
  c.wordDropout = 0.5;
  c.wordFeatures = "suffix shape";
  NerModel model(c, testing::labelsOf(data));
  const Batch batch = batchOf(model, data, true);
  model.setTraining(true);
  const double a = model.lossTensor(batch).item<double>();
  const double b = model.lossTensor(batch).item<double>();
  model.setTraining(false);
  CHECK(a == Approx(b).epsilon(1e-6));
  ModelConfig bad = c;
  bad.wordFeatures = "lemma";
  CHECK_THROWS_AS(NerModel(bad, {"PER"}), std::invalid_argument);
}

TEST_CASE("ner model: uncertainty figures are consistent") {
  ComputeThreads::apply(1);
  torch::manual_seed(2);
  const std::vector<Sentence> data = readConll(testing::kDemoTrain, 5);
  NerModel model(smallConfig("cnn", "biluo"), testing::labelsOf(data));
  std::vector<std::vector<std::string>> sentences;
  for (const auto& s : data) sentences.push_back(s.tokens);
  sentences.push_back({});  // empty sentence
  const auto pred = model.predict(sentences);
  REQUIRE(pred.size() == 6);
  for (size_t i = 0; i < 5; ++i) {
    const auto& p = pred[i];
    CHECK(p.bestPathProbability > 0.0);
    CHECK(p.bestPathProbability < 1.0);
    CHECK(std::log(p.bestPathProbability) / static_cast<double>(data[i].tokens.size()) ==
          Approx(p.bestPathLogProbPerToken));
    CHECK(p.margin >= 0.0);
    CHECK(p.margin <= p.bestPathProbability);
    CHECK(p.meanTokenEntropy > 0.0);
    CHECK(p.meanTokenEntropy <= std::log(static_cast<double>(model.tagSet().size())) + 1e-9);
  }
  CHECK(pred[5].tags.empty());
  CHECK(pred[5].bestPathProbability == 1.0);
}

TEST_CASE("ner model: save and load weights round trip") {
  ComputeThreads::apply(1);
  TempDir dir;
  const std::vector<Sentence> data = readConll(testing::kDemoTrain, 8);
  const auto labels = testing::labelsOf(data);
  const ModelConfig config = smallConfig("bilstm", "biluo");
  torch::manual_seed(3);
  NerModel a(config, labels);
  train(a, batchOf(a, data, true), 10);
  a.saveWeights(dir.file("w.safetensors"));

  torch::manual_seed(99);  // different initial weights
  NerModel b(config, labels);
  b.loadWeights(dir.file("w.safetensors"));
  CHECK(b.parameterCount() == a.parameterCount());
  const auto pa = a.predict(batchOf(a, data, false));
  const auto pb = b.predict(batchOf(b, data, false));
  for (size_t i = 0; i < data.size(); ++i) {
    CHECK(pa[i].tags == pb[i].tags);
    CHECK(pa[i].bestPathProbability == pb[i].bestPathProbability);
    REQUIRE(pa[i].spans.size() == pb[i].spans.size());
    for (size_t j = 0; j < pa[i].spans.size(); ++j)
      CHECK(pa[i].spans[j].score == pb[i].spans[j].score);
  }
  CHECK(a.loss(batchOf(a, data, true)) == b.loss(batchOf(b, data, true)));

  // Another architecture refuses the file, leaving the model untouched.
  NerModel c(smallConfig("cnn", "biluo"), labels);
  CHECK_THROWS_WITH(c.loadWeights(dir.file("w.safetensors")), ContainsSubstring("w.safetensors"));
  ModelConfig wider = config;
  wider.hidden = 32;
  NerModel d(wider, labels);
  CHECK_THROWS_WITH(d.loadWeights(dir.file("w.safetensors")), ContainsSubstring("shape"));
  CHECK_THROWS_WITH(a.loadWeights(dir.file("missing.safetensors")),
                    ContainsSubstring("missing.safetensors"));
}

TEST_CASE("ner model: weights whose names, dtypes or shapes differ are refused before any copy") {
  ComputeThreads::apply(1);
  TempDir dir;
  const std::vector<Sentence> data = readConll(testing::kDemoTrain, 4);
  const auto labels = testing::labelsOf(data);
  const ModelConfig config = smallConfig("bilstm", "biluo");
  torch::manual_seed(3);
  NerModel a(config, labels);
  const std::string good = dir.file("a.safetensors");
  a.saveWeights(good);
  const SafetensorsFile file(good);
  std::vector<SafetensorsBlob> blobs;
  for (const auto& t : file.tensors()) blobs.push_back({t.name, t.dtype, t.shape, file.data(t)});
  REQUIRE(blobs.size() > 3);

  torch::manual_seed(99);
  NerModel b(config, labels);
  const auto before = b.predict(batchOf(b, data, false));
  // Each file is whole and valid safetensors; the model is what refuses it.
  const auto refused = [&](std::vector<SafetensorsBlob> changed, const std::string& text) {
    const std::string path = dir.file("bad.safetensors");
    SafetensorsFile::write(path, changed);
    try {
      b.loadWeights(path);
      FAIL("loaded weights that do not fit");
    } catch (const SafetensorsError& e) {
      INFO(e.what());
      CHECK(e.path() == path);
      CHECK(std::string(e.what()).find(text) != std::string::npos);
    }
    // Nothing was copied: the model predicts as before.
    const auto after = b.predict(batchOf(b, data, false));
    for (size_t i = 0; i < data.size(); ++i)
      CHECK(after[i].bestPathProbability == before[i].bestPathProbability);
  };
  SECTION("a dtype other than F32") {
    auto changed = blobs;
    changed.back().dtype = "F16";  // half the bytes, read from the F32 data
    refused(changed,
            "parameter \"" + changed.back().name + "\" has dtype F16, the model expects F32");
  }
  SECTION("another shape") {
    auto changed = blobs;
    const int64_t n = file.find(changed.back().name)->elements();
    changed.back().shape = {n};
    if (file.find(changed.back().name)->shape.size() == 1) changed.back().shape = {1, n};
    refused(changed, "parameter \"" + changed.back().name + "\" has shape");
  }
  SECTION("a missing parameter") {
    auto changed = blobs;
    const std::string name = changed.front().name;
    changed.erase(changed.begin());
    refused(changed, "missing parameter \"" + name + "\"");
  }
  SECTION("an unknown parameter") {
    auto changed = blobs;
    changed.push_back({"payload.weight", "F32", {1}, blobs.front().data});
    refused(changed, "unexpected parameter \"payload.weight\"");
  }
  SECTION("a tensor cut short (the SIGSEGV of issue 31)") {
    std::string bytes = spanforge::testing::slurp(good);
    bytes.resize(bytes.size() - 16);
    std::ofstream(dir.file("cut.safetensors"), std::ios::binary) << bytes;
    CHECK_THROWS_WITH(b.loadWeights(dir.file("cut.safetensors")),
                      ContainsSubstring("truncated file?"));
  }
}

TEST_CASE("ner model: pretrained vectors, frozen or fine-tuned") {
  ComputeThreads::apply(1);
  TempDir dir;
  const std::vector<Sentence> data = readConll(testing::kDemoTrain, 4);
  auto vectors = std::make_shared<const Vectors>(std::vector<std::string>{"the", "from", "view"},
                                                 std::vector<float>(3 * 8, 0.5f), 8);
  ModelConfig config = smallConfig("cnn", "biluo");
  config.vectors = "unused.vec";  // given explicitly below, so not read
  NerModel frozen(config, testing::labelsOf(data), vectors);
  config.freezeVectors = false;
  NerModel tuned(config, testing::labelsOf(data), vectors);
  CHECK(tuned.parameterCount() == frozen.parameterCount() + 4 * 8);
  const auto f = frozen.featurize({"The", "zebra"});
  CHECK(f.vectorIds == std::vector<int64_t>{1, 0});
  CHECK(std::isfinite(train(tuned, batchOf(tuned, data, true), 3)));
  // Frozen tables are not part of the weights.
  frozen.saveWeights(dir.file("f.safetensors"));
  config.freezeVectors = true;
  NerModel frozen2(config, testing::labelsOf(data), vectors);
  frozen2.loadWeights(dir.file("f.safetensors"));
  const auto batch = batchOf(frozen, data, true);
  CHECK(frozen.loss(batch) == frozen2.loss(batch));
  // Vectors named in the config but unreadable.
  CHECK_THROWS_WITH(NerModel(config, testing::labelsOf(data)), ContainsSubstring("unused.vec"));
}

TEST_CASE("ner model: compute threads") {
  ComputeThreads::apply(2);
  CHECK(ComputeThreads::current() == 2);
  ComputeThreads::apply(0);  // the default
  CHECK(ComputeThreads::current() == 1);
}

TEST_CASE("ner model: word dropout hides word identities only while training") {
  ComputeThreads::apply(1);
  const std::vector<Sentence> data = readConll(testing::kDemoTrain, 8);
  for (double wordDropout : {0.0, 0.5}) {
    INFO("word_dropout " << wordDropout);
    torch::manual_seed(3);
    ModelConfig c = smallConfig("cnn", "biluo");
    c.dropout = 0.0;  // isolate word dropout: the only randomness left
    c.wordDropout = wordDropout;
    NerModel model(c, testing::labelsOf(data));
    const Batch batch = batchOf(model, data, true);
    model.setTraining(true);
    const double a = model.lossTensor(batch).item<double>();
    const double b = model.lossTensor(batch).item<double>();
    model.setTraining(false);
    if (wordDropout > 0)
      CHECK(a != b);
    else
      CHECK(a == Approx(b).epsilon(1e-6));
    // Inference never drops: the same input gives the same loss every time.
    CHECK(model.loss(batch) == Approx(model.loss(batch)).epsilon(1e-9));
  }
  ModelConfig bad = smallConfig("cnn", "biluo");
  bad.wordDropout = 1.0;
  CHECK_THROWS_AS(NerModel(bad, {"PER"}), std::invalid_argument);
}

TEST_CASE("ner model: devices and bad configs") {
  const std::vector<std::string> labels{"PER"};
  NerModel model(smallConfig("cnn", "biluo"), labels);
  CHECK(model.device() == "cpu");
  model.setDevice("cpu");
  CHECK_THROWS_AS(model.setDevice("gpu7"), std::invalid_argument);
  if (!torch::cuda::is_available()) CHECK_THROWS_AS(model.setDevice("cuda:0"), std::runtime_error);
  CHECK_THROWS_AS(NerModel(smallConfig("transformer", "biluo"), labels), std::invalid_argument);
  CHECK_THROWS_AS(NerModel(smallConfig("cnn", "iob1"), labels), std::invalid_argument);
  Batch noGold;
  noGold.add(model.featurize({"a", "b"}));
  CHECK_THROWS_AS(model.loss(noGold), std::invalid_argument);
  CHECK(model.predict(Batch{}).empty());
}

TEST_CASE("ner model: sentence vectors are the mean encoder output, only when asked") {
  ComputeThreads::apply(1);
  const std::vector<Sentence> data = readConll(testing::kDemoTrain, 4);
  for (const char* encoder : {"bilstm", "cnn"}) {
    torch::manual_seed(3);
    NerModel model(smallConfig(encoder, "biluo"), testing::labelsOf(data));
    std::vector<std::vector<std::string>> sentences;
    for (const auto& s : data) sentences.push_back(s.tokens);
    sentences.push_back({});
    const auto plain = model.predict(sentences);
    const auto with = model.predict(sentences, 0, true);
    REQUIRE(with.size() == plain.size());
    for (size_t i = 0; i < data.size(); ++i) {
      CHECK(plain[i].sentenceVector.empty());
      REQUIRE(with[i].sentenceVector.size() == static_cast<size_t>(model.contextDim()));
      CHECK(with[i].tags == plain[i].tags);  // the rest is the same
      CHECK(with[i].margin == plain[i].margin);
      for (float x : with[i].sentenceVector) CHECK(std::isfinite(x));
    }
    CHECK(with[0].sentenceVector != with[1].sentenceVector);
    CHECK(with[4].sentenceVector.empty());  // nothing to average
    // The same sentence in another batch: the same vector.
    const auto alone = model.predict(std::vector<std::vector<std::string>>{sentences[1]}, 0, true);
    REQUIRE(alone[0].sentenceVector.size() == with[1].sentenceVector.size());
    for (size_t j = 0; j < alone[0].sentenceVector.size(); ++j)
      CHECK(alone[0].sentenceVector[j] == Approx(with[1].sentenceVector[j]).margin(1e-5));
  }
}
