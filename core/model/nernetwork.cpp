#include "model/nernetwork.h"

#include "model/batchtensors.h"
#include "model/charencoder.h"
#include "model/crf.h"
#include "model/encoder.h"
#include "model/featurizer.h"
#include "model/hashembed.h"
#include "model/languagemodelhead.h"
#include "model/tagset.h"
#include "model/transformerinput.h"
#include "model/vectorembed.h"
#include "model/wordfeatures.h"
#include "transformer/subwordbatch.h"
#include "transformer/transformerencoder.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>

#include <stdexcept>
#include <string>

namespace spanforge::model {

struct NerNetwork::Impl {
  std::shared_ptr<torch::nn::Module> root;
  std::unique_ptr<HashEmbed> hash;
  std::unique_ptr<VectorEmbed> vectors;
  std::unique_ptr<CharEncoder> chars;
  std::unique_ptr<Encoder> encoder;  // for a transformer: the optional BiLSTM
  std::unique_ptr<transformer::TransformerEncoder> transformer;
  torch::nn::Linear output{nullptr};
  std::unique_ptr<Crf> crf;
  std::unique_ptr<LanguageModelHead> languageModel;  // with lm_loss only
  double lmLoss = 0.0;
  double inputDropout = 0.0;   // on the token inputs (model.dropout_at)
  double outputDropout = 0.0;  // on the encoder's output
  bool variationalDropout = false;
  double wordDropout = 0.0;
  double singletonDropout = 0.0;
  double charDropout = 0.0;
  int64_t wordDim = 0;
  bool unknownWords = false;
  bool hasNorm = false;      // NORM is among the features (then it is slot 0)
  bool allFeatures = false;  // no selection needed
  torch::Tensor features;    // [used] Featurizer::Feature slots to embed
  torch::Tensor unknownIds;  // [1, 1, used, seeds]: kUnknownWord's NORM rows
};

NerNetwork::NerNetwork(const ModelConfig& config, const TagSet& tags, const Vectors* vectors,
                       const TransformerInput* transformer)
    : impl_(std::make_unique<Impl>()) {
  if (config.dropout < 0 || config.dropout >= 1 || config.wordDropout < 0 ||
      config.wordDropout >= 1 || config.singletonDropout < 0 || config.singletonDropout >= 1 ||
      config.charDropout < 0 || config.charDropout >= 1)
    throw std::invalid_argument(
        "dropout, word_dropout, singleton_dropout and char_dropout must be in [0, 1)");
  if (config.wordDim < 1 || config.charDim < 1 || config.charFilters < 1 || config.charKernel < 1 ||
      config.charHidden < 1 || config.hidden < 1 || config.layers < 1 || config.cnnDepth < 0 ||
      config.cnnKernel < 1)
    throw std::invalid_argument("model sizes must be positive");
  if (config.lmLoss < 0) throw std::invalid_argument("lm_loss must not be negative");
  // A second layer's forward half has read the whole sentence through the
  // first layer's backward half: it could not learn to predict from context.
  if (config.lmLoss > 0 && (config.encoder != "bilstm" || config.layers != 1))
    throw std::invalid_argument("lm_loss needs the one-layer bilstm encoder");
  if ((config.encoder == "transformer") != (transformer != nullptr))
    throw std::invalid_argument("encoder = \"transformer\" needs its model folder, and only it");
  if (config.dropoutAt != "both" && config.dropoutAt != "input" && config.dropoutAt != "output")
    throw std::invalid_argument("dropout_at must be \"both\", \"input\" or \"output\"");
  Impl& d = *impl_;
  d.inputDropout = config.dropoutAt == "output" ? 0.0 : config.dropout;
  d.outputDropout = config.dropoutAt == "input" ? 0.0 : config.dropout;
  d.variationalDropout = config.variationalDropout;
  if (transformer != nullptr) {
    buildTransformer(config, tags, *transformer);
    return;
  }
  d.wordDropout = config.wordDropout;
  d.singletonDropout = config.singletonDropout;
  d.charDropout = config.charDropout;
  d.wordDim = config.wordDim;
  d.unknownWords = config.unknownWords;
  const std::vector<int64_t> features = parseWordFeatures(config.wordFeatures);
  const auto used = static_cast<int64_t>(features.size());
  d.hasNorm = features.front() == Featurizer::Norm;
  d.allFeatures = used == Featurizer::kFeatures;
  d.root = std::make_shared<torch::nn::Module>("NerNetwork");
  d.features = d.root->register_buffer("word_features", torch::tensor(features));
  d.hash =
      std::make_unique<HashEmbed>(*d.root, "hash_embed", used, config.hashRows, config.wordDim);
  int64_t width = d.hash->outputDim();
  // Only the NORM slot matters; the other features' rows are read and dropped.
  std::vector<int64_t> unknownIds(static_cast<size_t>(used * config.hashSeeds), 0);
  const std::vector<int64_t> normIds = Featurizer(config).unknownWordIds();
  std::copy(normIds.begin(), normIds.end(), unknownIds.begin());
  d.unknownIds = d.root->register_buffer(
      "unknown_word_ids", torch::tensor(unknownIds).view({1, 1, used, config.hashSeeds}));
  if (vectors != nullptr) {
    using Mode = VectorEmbed::Mode;
    const Mode mode = !config.freezeVectors             ? Mode::Trained
                      : config.unfreezeVectorsAfter > 0 ? Mode::FrozenForNow
                                                        : Mode::Frozen;
    d.vectors = std::make_unique<VectorEmbed>(*d.root, "vectors", *vectors, mode);
    width += d.vectors->outputDim();
  }
  d.chars = CharEncoder::create(*d.root, config, Featurizer::kCharVocab);
  width += d.chars->outputDim();
  d.encoder = Encoder::create(*d.root, config, width);
  d.output =
      d.root->register_module("output", torch::nn::Linear(d.encoder->outputDim(), tags.size()));
  d.crf = std::make_unique<Crf>(*d.root, tags);
  d.lmLoss = config.lmLoss;
  if (d.lmLoss > 0) d.languageModel = std::make_unique<LanguageModelHead>(*d.root, config.hidden);
}

// Encoder (random, as Hugging Face initialises one: N(0, 0.02) weights, zero
// biases, unit norms; pretrained weights are loaded over it), an optional
// BiLSTM, the tag scores, the CRF.
void NerNetwork::buildTransformer(const ModelConfig& config, const TagSet& tags,
                                  const TransformerInput& input) {
  Impl& d = *impl_;
  d.root = std::make_shared<torch::nn::Module>("NerNetwork");
  d.transformer = std::make_unique<transformer::TransformerEncoder>(*d.root, input.encoder());
  torch::NoGradGuard noGrad;
  const std::string layerPrefix = transformer::layerPrefix(input.encoder());
  for (auto& p : d.transformer->module().named_parameters(true)) {
    torch::Tensor v = p.value();
    if (v.dim() >= 2)
      v.normal_(0.0, 0.02);
    else if (p.key().size() >= 4 && p.key().compare(p.key().size() - 4, 4, "bias") == 0)
      v.zero_();
    bool frozen =
        config.freezeEncoder || (config.freezeLayers > 0 && p.key().rfind("embeddings", 0) == 0);
    if (!frozen && p.key().rfind(layerPrefix, 0) == 0) {
      const int64_t layer = std::stoll(p.key().substr(layerPrefix.size()));
      frozen = layer < config.freezeLayers;
    }
    if (frozen) v.set_requires_grad(false);
  }
  int64_t width = d.transformer->hiddenDim();
  if (config.transformerBilstm) {
    ModelConfig lstm = config;
    lstm.encoder = "bilstm";
    d.encoder = Encoder::create(*d.root, lstm, width);
    width = d.encoder->outputDim();
  }
  d.output = d.root->register_module("output", torch::nn::Linear(width, tags.size()));
  d.crf = std::make_unique<Crf>(*d.root, tags);
}

NerNetwork::~NerNetwork() = default;

torch::nn::Module& NerNetwork::module() const { return *impl_->root; }
const Crf& NerNetwork::crf() const { return *impl_->crf; }
Crf& NerNetwork::crf() { return *impl_->crf; }
bool NerNetwork::hasVectors() const { return impl_->vectors != nullptr; }

bool NerNetwork::unfreezeVectors() { return impl_->vectors && impl_->vectors->unfreeze(); }

// The token inputs [B, T, width]: hashed features (with word dropout when
// training), vectors, characters; before dropout.
torch::Tensor NerNetwork::inputs(const BatchTensors& batch, bool train) const {
  Impl& d = *impl_;  // torch modules have non-const forward()
  if (d.transformer) {
    const transformer::SubwordBatch* w = batch.subwords();
    if (w == nullptr) throw std::invalid_argument("the batch was not made for a transformer");
    torch::Tensor x = w->tokenStates(d.transformer->forward(w->ids(), w->mask(), train));
    const int64_t steps = batch.mask().size(1);
    if (x.size(1) < steps)  // a batch of empty sentences still has one step
      x = torch::cat({x, torch::zeros({x.size(0), steps - x.size(1), x.size(2)}, x.options())}, 1);
    return x;
  }
  const torch::Tensor& all = batch.hashIds();
  const int64_t b = all.size(0);
  const int64_t t = all.size(1);
  const torch::Tensor ids = d.allFeatures ? all : all.index_select(2, d.features);
  std::vector<torch::Tensor> parts;
  torch::Tensor hashed = d.hash->forward(ids);
  const bool singletons = d.singletonDropout > 0 && batch.singletons().defined();
  if (train && (d.wordDropout > 0 || singletons) && d.hasNorm) {
    // Hide whole tokens' word identity (feature 0, the normalised word); the
    // other features stay. With unknown_words the word becomes the unknown
    // word, which trains the embedding unseen words get; otherwise zero.
    // Training singletons are hidden with singleton_dropout instead.
    torch::Tensor keep = torch::empty({b, t, 1}, hashed.options()).bernoulli_(1.0 - d.wordDropout);
    if (singletons) {
      const torch::Tensor keepSingle =
          torch::empty({b, t, 1}, hashed.options()).bernoulli_(1.0 - d.singletonDropout);
      keep = torch::where(batch.singletons().unsqueeze(2), keepSingle, keep);
    }
    torch::Tensor hidden = torch::zeros({1, 1, d.wordDim}, hashed.options());
    if (d.unknownWords) hidden = d.hash->forward(d.unknownIds).narrow(2, 0, d.wordDim);
    hashed = torch::cat({hashed.narrow(2, 0, d.wordDim) * keep + hidden * (1 - keep),
                         hashed.narrow(2, d.wordDim, hashed.size(2) - d.wordDim)},
                        2);
  }
  parts.push_back(hashed);
  if (d.vectors) parts.push_back(d.vectors->forward(batch.vectorIds()));
  if (train && d.charDropout > 0) {
    // A blanked character becomes U+0001 (a control character text never
    // has): a learned "some character" rather than padding, which would
    // shorten the token for the character BiLSTM.
    std::vector<torch::Tensor> dropped;
    dropped.reserve(batch.charBuckets().size());
    for (const torch::Tensor& ids : batch.charBuckets()) {
      const torch::Tensor blank = torch::empty(ids.sizes(), ids.options().dtype(torch::kFloat))
                                      .bernoulli_(d.charDropout)
                                      .to(torch::kBool) &
                                  ids.ne(0);
      dropped.push_back(ids.masked_fill(blank, Featurizer::charId(U'\x01')));
    }
    parts.push_back(d.chars->forward(dropped, batch.charOrder()).view({b, t, -1}));
  } else {
    parts.push_back(d.chars->forward(batch.charBuckets(), batch.charOrder()).view({b, t, -1}));
  }
  return torch::cat(parts, 2);
}

at::Tensor NerNetwork::emissions(const BatchTensors& batch, bool train) const {
  return tagScores(encoded(batch, train));
}

at::Tensor NerNetwork::encoded(const BatchTensors& batch, bool train) const {
  Impl& d = *impl_;
  if (d.transformer) {  // dropout once between the encoders, once before the tag scores
    torch::Tensor x = inputs(batch, train);
    if (d.encoder) {
      x = dropTokens(x, d.inputDropout, train);
      x = d.encoder->forward(x, batch.mask(), batch.lengths(), train);
    }
    return dropTokens(x, d.outputDropout, train);
  }
  torch::Tensor x = dropTokens(inputs(batch, train), d.inputDropout, train);
  x = d.encoder->forward(x, batch.mask(), batch.lengths(), train);
  return dropTokens(x, d.outputDropout, train);
}

at::Tensor NerNetwork::dropTokens(const at::Tensor& x, double p, bool train) const {
  if (!train || p <= 0) return x;
  if (!impl_->variationalDropout) return torch::dropout(x, p, true);
  // [B, 1, D]: the same features dropped at every position of a sentence.
  return x * torch::dropout(torch::ones({x.size(0), 1, x.size(2)}, x.options()), p, true);
}

at::Tensor NerNetwork::tagScores(const at::Tensor& encoded) const {
  return impl_->output->forward(encoded);
}

at::Tensor NerNetwork::languageModelLoss(const at::Tensor& encoded,
                                         const BatchTensors& batch) const {
  const Impl& d = *impl_;
  if (!d.languageModel) return {};
  const torch::Tensor targets = LanguageModelHead::targets(batch.charBuckets(), batch.charOrder(),
                                                           encoded.size(0), encoded.size(1));
  return d.languageModel->loss(encoded, targets) * d.lmLoss;
}

at::Tensor NerNetwork::context(const BatchTensors& batch, const at::Tensor& hide,
                               bool train) const {
  Impl& d = *impl_;
  if (d.transformer)
    throw std::invalid_argument(
        "pretraining is for the bilstm and cnn encoders, not a transformer");
  torch::Tensor x = inputs(batch, train).masked_fill(hide.unsqueeze(2), 0.0);
  x = dropTokens(x, d.inputDropout, train);
  x = d.encoder->forward(x, batch.mask(), batch.lengths(), train);
  return dropTokens(x, d.outputDropout, train);
}

int64_t NerNetwork::contextDim() const {
  if (impl_->encoder) return impl_->encoder->outputDim();
  return impl_->transformer->hiddenDim();
}

transformer::TransformerEncoder* NerNetwork::transformer() const {
  return impl_->transformer.get();
}

}  // namespace spanforge::model
