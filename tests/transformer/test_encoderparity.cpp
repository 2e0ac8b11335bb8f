// Parity with Hugging Face's modelling code: for each family, a small model
// with random weights and the last hidden states Hugging Face's own forward
// code gave for two rows of ids, the second padded (tests/data/transformers,
// written by tools/transformer-fixtures/hf_source_fixtures.py from
// transformers 4.57.5's modelling files). The C++ encoder must give the same
// states to 1e-4 in fp32 on every subword. SPANFORGE_PARITY_DIR points the
// test at another set (packaging/gpu-run.sh: make_fixtures.py's, from the
// transformers package itself).
#include "model/safetensorsfile.h"
#include "torchcatch.h"
#include "transformer/transformerencoder.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <fstream>
#include <functional>

using nlohmann::json;
using spanforge::model::SafetensorsFile;
using spanforge::transformer::EncoderConfig;
using spanforge::transformer::TransformerEncoder;

namespace {

std::string fixtures() {
  const char* other = std::getenv("SPANFORGE_PARITY_DIR");
  return other ? std::string(other) + "/" : SPANFORGE_TEST_DATA_DIR "/transformers/";
}

torch::Tensor tensorOf(const json& rows, torch::ScalarType type) {
  std::vector<double> flat;
  std::vector<int64_t> shape;
  std::function<void(const json&, size_t)> walk = [&](const json& j, size_t depth) {
    if (!j.is_array()) {
      flat.push_back(j.get<double>());
      return;
    }
    if (shape.size() == depth) shape.push_back(static_cast<int64_t>(j.size()));
    for (const json& x : j) walk(x, depth + 1);
  };
  walk(rows, 0);
  return torch::tensor(flat, torch::kDouble).view(shape).to(type);
}

}  // namespace

TEST_CASE("Encoder parity: hidden states equal Hugging Face's for every family") {
  const auto family = GENERATE(as<std::string>{}, "bert", "roberta", "xlm-roberta", "electra",
                               "distilbert", "modernbert");
  CAPTURE(family);
  const std::string dir = fixtures() + family;
  const json reference = json::parse(std::ifstream(dir + "/reference.json"));
  const EncoderConfig config = EncoderConfig::load(dir + "/config.json");
  torch::nn::Module owner;
  TransformerEncoder encoder(owner, config);
  encoder.load(SafetensorsFile(dir + "/model.safetensors"), "");
  const torch::Tensor ids = tensorOf(reference.at("input_ids"), torch::kLong);
  const torch::Tensor mask = tensorOf(reference.at("attention_mask"), torch::kLong);
  const torch::Tensor want = tensorOf(reference.at("last_hidden_state"), torch::kFloat);
  torch::NoGradGuard noGrad;
  const torch::Tensor got = encoder.forward(ids, mask, false);
  REQUIRE(got.sizes() == want.sizes());
  // The subwords; padded positions' states are never read.
  const torch::Tensor real = mask.ne(0).unsqueeze(-1).expand_as(got);
  const double worst = (got - want).abs().masked_select(real).max().item<double>();
  CHECK(worst <= 1e-4);
  // The reference is not degenerate: states differ between subwords and rows.
  CHECK(want.std().item<double>() > 0.1);
}
