// The encoder's own invariants, for every family: a sentence's states do not
// depend on the padding beside it, its parameters are exactly those the
// config lists, and a checkpoint loads by name (prefix, BF16, refusals).
// Parity with Hugging Face's modelling code needs reference states made by
// transformers itself: tools/transformer-fixtures/make_fixtures.py.
#include "model/safetensorsfile.h"
#include "tempdir.h"
#include "torchcatch.h"
#include "transformer/transformerencoder.h"

#include <nlohmann/json.hpp>

#include <fstream>

using nlohmann::json;
using spanforge::model::SafetensorsBlob;
using spanforge::model::SafetensorsFile;
using spanforge::testing::TempDir;
using spanforge::transformer::EncoderConfig;
using spanforge::transformer::EncoderFamily;
using spanforge::transformer::parameterCount;
using spanforge::transformer::TransformerEncoder;

namespace {

EncoderConfig tiny(const TempDir& dir, const std::string& type) {
  json j = {{"model_type", type},
            {"vocab_size", 50},
            {"max_position_embeddings", 40},
            {"pad_token_id", 1}};
  if (type == "distilbert") {
    j.update({{"dim", 16}, {"n_layers", 2}, {"n_heads", 4}, {"hidden_dim", 24}});
  } else if (type == "modernbert") {
    // Layer 1 local, keys within one subword; dropout so that training differs.
    j.update({{"hidden_size", 16},
              {"num_hidden_layers", 2},
              {"num_attention_heads", 4},
              {"intermediate_size", 24},
              {"local_attention", 2},
              {"global_attn_every_n_layers", 2},
              {"embedding_dropout", 0.1},
              {"mlp_dropout", 0.1}});
  } else {
    j.update({{"hidden_size", 16},
              {"num_hidden_layers", 2},
              {"num_attention_heads", 4},
              {"intermediate_size", 24},
              {"type_vocab_size", 2}});
    if (type == "electra") j["embedding_size"] = 8;
  }
  std::ofstream(dir.file(type + ".json")) << j.dump();
  return EncoderConfig::load(dir.file(type + ".json"));
}

// Every parameter, under `prefix`, in `dtype` (F32 or BF16).
// With `oldNames`, LayerNorm's weight and bias as gamma and beta (older checkpoints).
void save(const TransformerEncoder& e, const std::string& path, const std::string& prefix,
          const std::string& dtype, bool oldNames = false) {
  std::vector<torch::Tensor> keep;
  std::vector<SafetensorsBlob> blobs;
  for (const auto& p : e.module().named_parameters()) {
    std::string name = p.key();
    for (const auto& [now, old] : {std::pair{".LayerNorm.weight", ".LayerNorm.gamma"},
                                   std::pair{".LayerNorm.bias", ".LayerNorm.beta"}}) {
      const size_t at = name.find(now);
      if (oldNames && at != std::string::npos) name.replace(at, std::string(now).size(), old);
    }
    keep.push_back(
        p.value().detach().to(dtype == "BF16" ? torch::kBFloat16 : torch::kFloat).contiguous());
    blobs.push_back({prefix + name, dtype, p.value().sizes().vec(), keep.back().data_ptr()});
  }
  SafetensorsFile::write(path, blobs);
}

}  // namespace

TEST_CASE("Transformer encoder: a sentence's states ignore the padding beside it") {
  TempDir dir;
  for (const std::string type :
       {"bert", "roberta", "xlm-roberta", "distilbert", "electra", "modernbert"}) {
    INFO(type);
    torch::manual_seed(3);
    torch::nn::Module owner;
    const EncoderConfig config = tiny(dir, type);
    TransformerEncoder encoder(owner, config);
    int64_t count = 0;
    for (const auto& p : encoder.module().parameters()) count += p.numel();
    CHECK(count == parameterCount(config));
    torch::NoGradGuard noGrad;
    const torch::Tensor longer = torch::tensor({{5, 9, 12, 7, 30, 8}}, torch::kLong);
    const torch::Tensor shorter = torch::tensor({{14, 6, 22}}, torch::kLong);
    // The shorter one padded to the longer one's length, with the padding id.
    const torch::Tensor ids =
        torch::cat({longer, torch::cat({shorter, torch::full({1, 3}, 1L)}, 1)});
    const torch::Tensor mask = ids.ne(1).to(torch::kLong);
    const torch::Tensor both = encoder.forward(ids, mask, false);
    const torch::Tensor alone = encoder.forward(shorter, torch::ones_like(shorter), false);
    CHECK(both.sizes() == torch::IntArrayRef({2, 6, 16}));
    CHECK(torch::allclose(both.index({1}).slice(0, 0, 3), alone.index({0}), 1e-5, 1e-5));
    const torch::Tensor first = encoder.forward(longer, torch::ones_like(longer), false);
    CHECK(torch::allclose(both.index({0}), first.index({0}), 1e-5, 1e-5));
    // Dropout only when training.
    CHECK(torch::equal(encoder.forward(longer, torch::ones_like(longer), false), first));
    CHECK_FALSE(torch::equal(encoder.forward(longer, torch::ones_like(longer), true), first));
  }
}

TEST_CASE("Transformer encoder: a checkpoint loads by name, with a prefix, in BF16") {
  TempDir dir;
  for (const std::string type : {"bert", "distilbert", "electra", "modernbert"}) {
    INFO(type);
    const EncoderConfig config = tiny(dir, type);
    torch::manual_seed(1);
    torch::nn::Module ownerA;
    TransformerEncoder a(ownerA, config);
    torch::manual_seed(2);
    torch::nn::Module ownerB;
    TransformerEncoder b(ownerB, config);
    const torch::Tensor ids = torch::tensor({{4, 8, 15, 16, 23, 42}}, torch::kLong);
    const torch::Tensor mask = torch::ones_like(ids);
    torch::NoGradGuard noGrad;
    const torch::Tensor want = a.forward(ids, mask, false);
    CHECK_FALSE(torch::allclose(b.forward(ids, mask, false), want));

    save(a, dir.file(type + ".safetensors"), type + ".", "F32", /*oldNames=*/type == "bert");
    b.load(SafetensorsFile(dir.file(type + ".safetensors")), type + ".");
    CHECK(torch::equal(b.forward(ids, mask, false), want));

    save(a, dir.file(type + "-bf16.safetensors"), "", "BF16");
    torch::nn::Module ownerC;
    TransformerEncoder c(ownerC, config);
    c.load(SafetensorsFile(dir.file(type + "-bf16.safetensors")), "");
    CHECK(torch::allclose(c.forward(ids, mask, false), want, 0.05, 0.05));
  }
}

TEST_CASE("Transformer encoder: a checkpoint that does not fit is refused, nothing copied") {
  TempDir dir;
  const EncoderConfig config = tiny(dir, "bert");
  torch::nn::Module owner;
  TransformerEncoder e(owner, config);
  const torch::Tensor before =
      e.module().named_parameters()["embeddings.word_embeddings.weight"].clone();
  // The same names, one tensor missing.
  std::vector<torch::Tensor> keep;
  std::vector<SafetensorsBlob> blobs;
  for (const auto& p : e.module().named_parameters()) {
    if (p.key() == "encoder.layer.1.output.dense.bias") continue;
    keep.push_back(torch::zeros_like(p.value()).contiguous());
    blobs.push_back({p.key(), "F32", p.value().sizes().vec(), keep.back().data_ptr()});
  }
  SafetensorsFile::write(dir.file("short.safetensors"), blobs);
  CHECK_THROWS_WITH(e.load(SafetensorsFile(dir.file("short.safetensors")), ""),
                    ContainsSubstring("no encoder.layer.1.output.dense.bias"));
  CHECK(torch::equal(e.module().named_parameters()["embeddings.word_embeddings.weight"], before));
}
