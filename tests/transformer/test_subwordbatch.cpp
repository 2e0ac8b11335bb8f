// Sentences through the encoder and back to one state per token: the same
// states whatever the batch, windows framed by the start and end tokens,
// and first or mean pooling of a token's subwords.
#include "tempdir.h"
#include "text/tokenizer.h"
#include "tokenizertestdata.h"
#include "torchcatch.h"
#include "transformer/subwordbatch.h"
#include "transformer/transformerencoder.h"
#include "transformer/wordpiecetokenizer.h"

#include <nlohmann/json.hpp>

#include <fstream>

using spanforge::testing::TempDir;
using spanforge::text::Tokenizer;
using spanforge::transformer::EncoderConfig;
using spanforge::transformer::Pooling;
using spanforge::transformer::SentenceSubwords;
using spanforge::transformer::SubwordBatch;
using spanforge::transformer::TransformerEncoder;
using spanforge::transformer::WordPieceTokenizer;

namespace {

struct Fixture {
  TempDir dir;
  WordPieceTokenizer tokenizer = WordPieceTokenizer::fromVocabFile(
      spanforge::testing::kTokenizerData + "bert-base-cased/vocab.txt", {});
  torch::nn::Module owner;
  std::unique_ptr<TransformerEncoder> encoder;

  Fixture() {
    std::ofstream(dir.file("config.json")) << nlohmann::json{
        {"model_type", "bert"},         {"vocab_size", 28996},      {"hidden_size", 16},
        {"num_hidden_layers", 2},       {"num_attention_heads", 4}, {"intermediate_size", 32},
        {"max_position_embeddings", 64}}.dump();
    torch::manual_seed(7);
    encoder =
        std::make_unique<TransformerEncoder>(owner, EncoderConfig::load(dir.file("config.json")));
  }
  SentenceSubwords sentence(const std::string& text) const {
    return SentenceSubwords::make(tokenizer, text, Tokenizer().tokenize(text));
  }
  torch::Tensor states(const std::vector<const SentenceSubwords*>& s, int64_t window,
                       int64_t stride, Pooling pooling) const {
    torch::NoGradGuard noGrad;
    const SubwordBatch batch(s, tokenizer.special(), window, stride, pooling);
    return batch.tokenStates(encoder->forward(batch.ids(), batch.mask(), false));
  }
};

}  // namespace

TEST_CASE("Subword batch: a sentence's token states do not depend on the batch") {
  Fixture f;
  const SentenceSubwords a = f.sentence("Zoë met Spanforge's makers in Zürich 🗽 yesterday");
  const SentenceSubwords b = f.sentence("Short one");
  const torch::Tensor alone = f.states({&a}, 64, 32, Pooling::First);
  const torch::Tensor together = f.states({&b, &a}, 64, 32, Pooling::First);
  const int64_t tokens = static_cast<int64_t>(a.pieces.size());
  CHECK(alone.sizes() == torch::IntArrayRef({1, tokens, 16}));
  CHECK(together.sizes() == torch::IntArrayRef({2, tokens, 16}));
  CHECK(torch::allclose(together.index({1}), alone.index({0}), 1e-5, 1e-5));
  // The short sentence's padding tokens are zeros.
  CHECK(torch::equal(together.index({0}).slice(0, 2), torch::zeros({tokens - 2, 16})));
}

TEST_CASE("Subword batch: a long sentence in framed windows, every token read once") {
  Fixture f;
  std::string text;
  for (int i = 0; i < 30; ++i) text += "word" + std::to_string(i) + " ";
  const SentenceSubwords s = f.sentence(text);
  const int64_t subwords = static_cast<int64_t>(s.ids.size());
  REQUIRE(subwords > 40);
  const SubwordBatch batch({&s}, f.tokenizer.special(), 16, 7, Pooling::First);
  const torch::Tensor ids = batch.ids(), mask = batch.mask();
  const int64_t windows = ids.size(0);
  CHECK(windows == (subwords - 14 + 6) / 7 + 1);  // 14 inner places, 7 apart
  for (int64_t w = 0; w < windows; ++w) {
    const int64_t length = mask.index({w}).sum().item<int64_t>();
    CHECK(ids.index({w, 0}).item<int64_t>() == f.tokenizer.special().cls);
    CHECK(ids.index({w, length - 1}).item<int64_t>() == f.tokenizer.special().sep);
  }
  const torch::Tensor states = f.states({&s}, 16, 7, Pooling::First);
  for (int64_t t = 0; t < states.size(1); ++t) {
    INFO("token " << t);
    CHECK(states.index({0, t}).abs().sum().item<double>() > 0.0);
  }
}

TEST_CASE("Subword batch: mean pooling averages a token's subwords, first takes the first") {
  Fixture f;
  const SentenceSubwords s = f.sentence("Spanforge runs");
  REQUIRE(s.pieces[0].last - s.pieces[0].first > 1);  // "Spanforge" is several pieces
  REQUIRE(s.pieces[1].last - s.pieces[1].first == 1);
  torch::NoGradGuard noGrad;
  const SubwordBatch batch({&s}, f.tokenizer.special(), 64, 32, Pooling::Mean);
  const torch::Tensor window = f.encoder->forward(batch.ids(), batch.mask(), false);
  const torch::Tensor mean = batch.tokenStates(window);
  const int64_t pieces = s.pieces[0].last;
  // Window positions: the start token, then the subwords.
  CHECK(torch::allclose(mean.index({0, 0}), window.index({0}).slice(0, 1, 1 + pieces).mean(0), 1e-6,
                        1e-6));
  const torch::Tensor first = f.states({&s}, 64, 32, Pooling::First);
  CHECK(torch::allclose(first.index({0, 0}), window.index({0, 1}), 1e-6, 1e-6));
  CHECK(torch::allclose(first.index({0, 1}), mean.index({0, 1}), 1e-6, 1e-6));
  CHECK_THROWS_WITH(SubwordBatch({&s}, f.tokenizer.special(), 2, 1, Pooling::First),
                    ContainsSubstring("a window needs 3 or more"));
}
