#include "model/charbilstm.h"
#include "model/charcnn.h"
#include "model/charencoder.h"
#include "model/featurizer.h"
#include "model/wordfeatures.h"

#include "torchcatch.h"

#include <torch/nn/module.h>
#include <torch/torch.h>

using namespace spanforge::model;

namespace {

// Char ids of `word` padded with zeros to `width`.
std::vector<int64_t> idsOf(const std::string& word, size_t width) {
  std::vector<int64_t> ids;
  for (char c : word) ids.push_back(Featurizer::charId(static_cast<unsigned char>(c)));
  ids.resize(width, 0);
  return ids;
}

torch::Tensor rowsOf(const std::vector<std::string>& words, size_t width) {
  std::vector<int64_t> all;
  for (const auto& w : words) {
    const auto ids = idsOf(w, width);
    all.insert(all.end(), ids.begin(), ids.end());
  }
  return torch::tensor(all).view({static_cast<int64_t>(words.size()), static_cast<int64_t>(width)});
}

std::unique_ptr<CharEncoder> make(torch::nn::Module& root, const std::string& kind) {
  ModelConfig c;
  c.charEncoder = kind;
  c.charDim = 8;
  c.charFilters = 12;
  c.charHidden = 5;
  return CharEncoder::create(root, c, Featurizer::kCharVocab);
}

}  // namespace

TEST_CASE("char encoders: a token's vector ignores padding and bucket companions") {
  torch::manual_seed(0);
  for (const char* kind : {"cnn", "bilstm"}) {
    INFO(kind);
    torch::nn::Module root;
    const auto enc = make(root, kind);
    CHECK(enc->outputDim() == (std::string(kind) == "cnn" ? 12 : 10));
    torch::NoGradGuard noGrad;
    const torch::Tensor alone = enc->forward(rowsOf({"Paris"}, 5));
    const torch::Tensor padded = enc->forward(rowsOf({"x", "Paris", "Kilimanjaro"}, 16));
    REQUIRE(padded.sizes() == torch::IntArrayRef({3, enc->outputDim()}));
    CHECK(torch::allclose(alone[0], padded[1], 1e-5, 1e-6));
    // Spelling matters, including order (a bag of characters would not see it).
    const torch::Tensor anagram = enc->forward(rowsOf({"Parsi"}, 5));
    CHECK_FALSE(torch::allclose(alone, anagram, 1e-5, 1e-6));
  }
}

TEST_CASE("char encoders: buckets are put back in slot order with zero rows") {
  torch::manual_seed(1);
  for (const char* kind : {"cnn", "bilstm"}) {
    INFO(kind);
    torch::nn::Module root;
    const auto enc = make(root, kind);
    torch::NoGradGuard noGrad;
    const std::vector<torch::Tensor> buckets{rowsOf({"a", "of"}, 4), rowsOf({"Berlin"}, 8)};
    // Slots: Berlin, padding, of, a.
    const torch::Tensor out =
        enc->forward(buckets, torch::tensor(std::vector<int64_t>{2, 3, 1, 0}));
    REQUIRE(out.size(0) == 4);
    CHECK(torch::allclose(out[0], enc->forward(rowsOf({"Berlin"}, 6))[0], 1e-5, 1e-6));
    CHECK(out[1].abs().sum().item<double>() == 0.0);
    CHECK(torch::allclose(out[2], enc->forward(rowsOf({"of"}, 2))[0], 1e-5, 1e-6));
    CHECK(torch::allclose(out[3], enc->forward(rowsOf({"a"}, 1))[0], 1e-5, 1e-6));
    // No bucketed tokens at all: every slot gets the zero row.
    const torch::Tensor none = enc->forward({}, torch::zeros({3}, torch::kLong));
    CHECK(none.sizes() == torch::IntArrayRef({3, enc->outputDim()}));
    CHECK(none.abs().sum().item<double>() == 0.0);
  }
}

TEST_CASE("char encoders: unknown kinds are refused by name") {
  torch::nn::Module root;
  try {
    make(root, "transformer");
    FAIL("no error");
  } catch (const std::invalid_argument& e) {
    CHECK(std::string(e.what()) ==
          "unknown char_encoder \"transformer\" (expected \"cnn\" or \"bilstm\")");
  }
}

TEST_CASE("word features: parsed in canonical order, bad lists refused") {
  CHECK(parseWordFeatures("norm prefix suffix shape") ==
        std::vector<int64_t>{Featurizer::Norm, Featurizer::Prefix, Featurizer::Suffix,
                             Featurizer::Shape});
  CHECK(parseWordFeatures("shape,norm") ==
        std::vector<int64_t>{Featurizer::Norm, Featurizer::Shape});
  CHECK(parseWordFeatures("  suffix ") == std::vector<int64_t>{Featurizer::Suffix});
  const auto messageOf = [](const std::string& spec) -> std::string {
    try {
      parseWordFeatures(spec);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "(no error)";
  };
  CHECK(messageOf("norm lemma") ==
        "unknown word feature \"lemma\" (expected norm, prefix, suffix or shape)");
  CHECK(messageOf("norm, norm") == "word feature \"norm\" is listed twice");
  CHECK(messageOf("") == "no word features (use e.g. \"norm\")");
  CHECK(messageOf("Norm") != "(no error)");
}
