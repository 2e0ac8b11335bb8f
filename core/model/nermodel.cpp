#include "model/nermodel.h"

#include "model/batchtensors.h"
#include "model/crf.h"
#include "model/crflattice.h"
#include "model/dropoutpaths.h"
#include "model/featurizer.h"
#include "model/knownwords.h"
#include "model/nernetwork.h"
#include "model/safetensorserror.h"
#include "model/safetensorsfile.h"
#include "model/tagset.h"
#include "model/transformerinput.h"
#include "model/vectors.h"
#include "torchcompat/autocaststate.h"
#include "transformer/modelfolder.h"
#include "transformer/transformerencoder.h"

#include <torch/cuda.h>
#include <torch/nn/module.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <utility>

namespace spanforge::model {
namespace {

using torchcompat::autocastEnabled;
using torchcompat::setAutocastEnabled;

// Autocast off on this thread for a scope, and back as it was after.
class Fp32Scope {
  using Device = torchcompat::AutocastDevice;

 public:
  Fp32Scope() : cpu_(autocastEnabled(Device::Cpu)), gpu_(autocastEnabled(Device::Cuda)) {
    setAutocastEnabled(Device::Cpu, false);
    setAutocastEnabled(Device::Cuda, false);
  }
  ~Fp32Scope() {
    setAutocastEnabled(Device::Cpu, cpu_);
    setAutocastEnabled(Device::Cuda, gpu_);
  }
  Fp32Scope(const Fp32Scope&) = delete;
  Fp32Scope& operator=(const Fp32Scope&) = delete;

 private:
  bool cpu_, gpu_;
};

text::TagScheme schemeOf(const std::string& name) {
  const auto s = text::parseTagScheme(name);
  if (!s || *s == text::TagScheme::IOB1)
    throw std::invalid_argument("unknown tag scheme \"" + name + "\" (expected biluo or iob2)");
  return *s;
}

std::shared_ptr<const Vectors> vectorsFor(const ModelConfig& config,
                                          std::shared_ptr<const Vectors> given) {
  if (given || config.vectors.empty()) return given;
  return std::make_shared<const Vectors>(Vectors::load(config.vectors));
}

std::shared_ptr<const TransformerInput> transformerFor(const ModelConfig& config) {
  if (config.encoder != "transformer") return nullptr;
  if (config.transformer.empty())
    throw std::invalid_argument(
        "encoder = \"transformer\" needs model.transformer, a model folder");
  return std::make_shared<const TransformerInput>(config);
}

// What keeps two models from sharing one batch's features, or "".
std::string featureDifference(const NerModel& a, const NerModel& b) {
  if (a.labels() != b.labels()) return "the labels differ";
  const ModelConfig& x = a.config();
  const ModelConfig& y = b.config();
  if (x.tagScheme != y.tagScheme)
    return "tag schemes " + x.tagScheme + " and " + y.tagScheme + " differ";
  if (x.hashRows != y.hashRows || x.hashSeeds != y.hashSeeds || x.prefixLength != y.prefixLength ||
      x.suffixLength != y.suffixLength || x.wordFeatures != y.wordFeatures ||
      x.maxTokenChars != y.maxTokenChars)
    return "the word features (model.hash_rows, hash_seeds, prefix_length, suffix_length, "
           "word_features, max_token_chars) differ";
  if (x.vectors != y.vectors) return "the pretrained vectors differ";
  if (x.encoder != y.encoder && (x.encoder == "transformer" || y.encoder == "transformer"))
    return "one reads a transformer's subwords, the other hashed word features";
  if (const TransformerInput* t = a.transformer()) {
    const TransformerInput& u = *b.transformer();
    if (t->tokenizer().kind() != u.tokenizer().kind() ||
        t->tokenizer().vocabSize() != u.tokenizer().vocabSize() || t->window() != u.window() ||
        t->stride() != u.stride() || x.pooling != y.pooling)
      return "the transformers' tokenizers, windows or pooling differ";
  }
  const auto known = [](const NerModel& m) { return m.knownWords(); };
  const bool sameKnown = known(a) == known(b) || (known(a) && known(b) && *known(a) == *known(b));
  if (!sameKnown) return "the training words differ (trained on other data)";
  return {};
}

// P(exactly this span): its tag path, and in IOB2 also no I- of the same
// label right after it (which would make the span longer).
double spanProbability(const CrfLattice& lattice, const TagSet& tags, const text::TokenSpan& span) {
  const int64_t label = tags.labelIndex(span.label);
  const bool iob2 = tags.scheme() == text::TagScheme::IOB2;
  return lattice.pathProbability(span.first, tags.spanTags(label, span.size()),
                                 iob2 ? tags.tagOf('I', label) : -1);
}

Prediction predictOne(const CrfLattice& lattice, const TagSet& tags) {
  Prediction out;
  const int64_t n = lattice.length();
  if (n == 0) return out;
  out.tags = lattice.bestPath();
  for (const auto& span : tags.decode(out.tags))
    out.spans.push_back({span, spanProbability(lattice, tags, span)});
  const double best = lattice.bestScore() - lattice.logPartition();
  out.bestPathProbability = std::min(1.0, std::exp(best));
  out.bestPathLogProbPerToken = best / static_cast<double>(n);
  const double second = std::exp(lattice.secondBestScore() - lattice.logPartition());
  out.margin = std::max(0.0, out.bestPathProbability - second);
  double entropy = 0.0;
  for (int64_t t = 0; t < n; ++t) entropy += lattice.tokenEntropy(t);
  out.meanTokenEntropy = entropy / static_cast<double>(n);
  return out;
}

}  // namespace

struct NerModel::Impl {
  Impl(const ModelConfig& c, std::vector<std::string> labels, std::shared_ptr<const Vectors> v)
      : config(c),
        tags(std::move(labels), schemeOf(c.tagScheme)),
        vectors(vectorsFor(c, std::move(v))),
        transformer(transformerFor(c)),
        featurizer(c, vectors.get(), transformer.get()),
        network(c, tags, vectors.get(), transformer.get()) {
    if (transformer && !transformer->weightsFile().empty()) loadPretrainedEncoder();
  }

  BatchTensors tensors(const Batch& batch) const {
    return BatchTensors(batch, config.hashSeeds, network.hasVectors(), device, transformer.get());
  }
  // The folder's model.safetensors, checked whole first (inspectModelFolder).
  void loadPretrainedEncoder() {
    const transformer::ModelFolderInfo info =
        transformer::inspectModelFolder(transformer->folder());
    network.transformer()->load(SafetensorsFile(transformer->weightsFile()), info.prefix);
  }
  torch::Tensor meanLoss(const BatchTensors& t, bool train) const {
    if (!t.tags().defined()) throw std::invalid_argument("the batch has no gold tags");
    const torch::Tensor x = network.encoded(t, train);
    const torch::Tensor e = network.tagScores(x);
    // The CRF's log-space sums lose too much in 16 bits: fp32 whatever the
    // autocast state of the caller (training.mixed_precision).
    const Fp32Scope fp32;
    torch::Tensor loss =
        network.crf().negLogLikelihood(e.to(torch::kFloat), t.tags(), t.mask()).mean();
    // The auxiliary objective only shapes training; dev losses compare without it.
    if (train && config.lmLoss > 0) loss = loss + network.languageModelLoss(x, t);
    return loss;
  }

  // This model's tag scores and CRF scores for a batch, on the CPU.
  torch::Tensor emissions(const Batch& batch, torch::Tensor* encodedOut) const {
    const BatchTensors t = tensors(batch);
    torch::Tensor encoded = network.encoded(t, false);
    torch::Tensor e = network.tagScores(encoded).to(torch::kCPU, torch::kFloat);
    if (encodedOut) *encodedOut = encoded;
    return e;
  }

  // Emission scores [batch][steps][tags] on the CPU and `scores`, averaged
  // over the ensemble; `encoded` is this model's encoder output.
  torch::Tensor pooled(const Batch& batch, torch::Tensor* encoded, CrfScores* scores) const {
    torch::Tensor e = emissions(batch, encoded);
    *scores = network.crf().scores();
    for (const auto& m : members) {
      e = e + m->impl_->emissions(batch, nullptr);
      scores->add(m->impl_->network.crf().scores());
    }
    const double n = static_cast<double>(1 + members.size());
    if (n > 1) {
      e = e / n;
      scores->scale(1.0 / n);
    }
    return e;
  }

  ModelConfig config;
  double temperature = 1.0;
  std::vector<std::unique_ptr<NerModel>> members;  // an ensemble's other seeds
  TagSet tags;
  std::shared_ptr<const Vectors> vectors;
  std::shared_ptr<const TransformerInput> transformer;  // encoder = "transformer"
  Featurizer featurizer;
  NerNetwork network;
  std::string device = "cpu";
  bool training = false;
};

NerModel::NerModel(const ModelConfig& config, std::vector<std::string> labels,
                   std::shared_ptr<const Vectors> vectors)
    : impl_(std::make_unique<Impl>(config, std::move(labels), std::move(vectors))) {}

NerModel::~NerModel() = default;
NerModel::NerModel(NerModel&&) noexcept = default;
NerModel& NerModel::operator=(NerModel&&) noexcept = default;

const ModelConfig& NerModel::config() const { return impl_->config; }
const TagSet& NerModel::tagSet() const { return impl_->tags; }
const std::vector<std::string>& NerModel::labels() const { return impl_->tags.labels(); }
const Featurizer& NerModel::featurizer() const { return impl_->featurizer; }
std::shared_ptr<const Vectors> NerModel::vectors() const { return impl_->vectors; }
const TransformerInput* NerModel::transformer() const { return impl_->transformer.get(); }
std::shared_ptr<const KnownWords> NerModel::knownWords() const {
  return impl_->featurizer.knownWords();
}
void NerModel::setKnownWords(std::shared_ptr<const KnownWords> known) {
  impl_->featurizer.setKnownWords(std::move(known));
}

SentenceFeatures NerModel::featurize(const std::vector<std::string>& tokens) const {
  return impl_->featurizer.featurize(tokens);
}

std::vector<int64_t> NerModel::encodeTags(const std::vector<text::TokenSpan>& spans,
                                          size_t tokenCount) const {
  return impl_->tags.encode(spans, tokenCount);
}

void NerModel::setTraining(bool training) { impl_->training = training; }
bool NerModel::training() const { return impl_->training; }

double NerModel::loss(const Batch& batch) const {
  if (!batch.hasTags()) throw std::invalid_argument("the batch has no gold tags");
  torch::NoGradGuard noGrad;
  return impl_->meanLoss(impl_->tensors(batch), false).item<double>();
}

at::Tensor NerModel::lossTensor(const Batch& batch) {
  if (!batch.hasTags()) throw std::invalid_argument("the batch has no gold tags");
  return impl_->meanLoss(impl_->tensors(batch), impl_->training);
}

BatchTensors NerModel::tensors(const Batch& batch) const { return impl_->tensors(batch); }

at::Tensor NerModel::lossTensor(const BatchTensors& tensors) {
  return impl_->meanLoss(tensors, impl_->training);
}

at::Tensor NerModel::contextTensor(const BatchTensors& tensors, const at::Tensor& hide) {
  return impl_->network.context(tensors, hide, impl_->training);
}

int64_t NerModel::contextDim() const { return impl_->network.contextDim(); }

std::vector<Prediction> NerModel::predict(const Batch& batch, int dropoutSamples,
                                          bool sentenceVectors) const {
  std::vector<Prediction> out;
  if (batch.empty()) return out;
  torch::Tensor encoded;
  torch::Tensor emissions;
  CrfScores scores;
  // Inference mode: no autograd bookkeeping at all (thread-local).
  c10::InferenceMode guard;
  emissions = impl_->pooled(batch, &encoded, &scores);
  // Dropout samples count argmax paths, which a temperature does not move:
  // they take the unscaled scores, as their emissions are.
  const CrfScores unscaled = scores;
  if (impl_->temperature != 1.0) {
    emissions = emissions / impl_->temperature;
    scores.scale(1.0 / impl_->temperature);
  }
  emissions = emissions.contiguous();
  const int64_t steps = emissions.size(1);
  const int64_t k = emissions.size(2);
  const float* data = emissions.data_ptr<float>();
  const auto tagScores = [this](const torch::Tensor& x) { return impl_->network.tagScores(x); };
  out.reserve(static_cast<size_t>(batch.size()));
  for (int64_t i = 0; i < batch.size(); ++i) {
    const SentenceFeatures& sentence = batch.sentence(i);
    const CrfLattice lattice(scores, data + i * steps * k, sentence.length);
    out.push_back(predictOne(lattice, impl_->tags));
    if (dropoutSamples > 1)
      out.back().pathDisagreement =
          DropoutPaths::disagreement(encoded[i].narrow(0, 0, sentence.length), tagScores, unscaled,
                                     impl_->config.dropout, dropoutSamples, sentence);
    if (sentenceVectors && sentence.length > 0) {
      const torch::Tensor mean =
          encoded[i].narrow(0, 0, sentence.length).mean(0).to(torch::kFloat).contiguous().cpu();
      out.back().sentenceVector.assign(mean.data_ptr<float>(),
                                       mean.data_ptr<float>() + mean.numel());
    }
  }
  return out;
}

std::vector<Prediction> NerModel::predict(const std::vector<std::vector<std::string>>& sentences,
                                          int dropoutSamples, bool sentenceVectors) const {
  // Similar lengths together keep padding low.
  std::vector<size_t> order(sentences.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return sentences[a].size() < sentences[b].size(); });
  constexpr int64_t kBatchWords = 1000;
  std::vector<Prediction> out(sentences.size());
  for (size_t i = 0; i < order.size();) {
    Batch batch;
    std::vector<size_t> members;
    while (i < order.size() && (batch.empty() || batch.words() < kBatchWords)) {
      batch.add(featurize(sentences[order[i]]));
      members.push_back(order[i++]);
    }
    std::vector<Prediction> p = predict(batch, dropoutSamples, sentenceVectors);
    for (size_t j = 0; j < members.size(); ++j) out[members[j]] = std::move(p[j]);
  }
  return out;
}

void NerModel::addEnsembleMember(std::unique_ptr<NerModel> member) {
  if (!member) throw std::invalid_argument("no model to add to the ensemble");
  const std::string differs = featureDifference(*this, *member);
  if (!differs.empty())
    throw std::invalid_argument("an ensemble's models must share labels and features: " + differs);
  member->setDevice(impl_->device);
  impl_->members.push_back(std::move(member));
}

size_t NerModel::ensembleSize() const { return 1 + impl_->members.size(); }

void NerModel::setTemperature(double temperature) {
  if (!(temperature > 0.0) || !std::isfinite(temperature))
    throw std::invalid_argument("a temperature must be a positive number, not " +
                                std::to_string(temperature));
  impl_->temperature = temperature;
}

double NerModel::temperature() const { return impl_->temperature; }

CrfInputs NerModel::crfInputs(const Batch& batch) const {
  CrfInputs out;
  if (batch.empty()) return out;
  c10::InferenceMode guard;
  torch::Tensor encoded;
  const torch::Tensor e = impl_->pooled(batch, &encoded, &out.scores).contiguous();
  out.steps = e.size(1);
  const float* data = e.data_ptr<float>();
  out.emissions.assign(data, data + e.numel());
  return out;
}

void NerModel::setDevice(const std::string& device) {
  std::optional<torch::Device> dev;
  try {
    dev.emplace(device);
  } catch (const std::exception&) {
    throw std::invalid_argument("unknown device \"" + device + "\" (expected cpu, cuda or cuda:N)");
  }
  if (dev->is_cuda()) {
    if (!torch::cuda::is_available())
      throw std::runtime_error("CUDA is not available (no GPU, or libtorch built without CUDA)");
    if (dev->has_index() && dev->index() >= static_cast<int>(torch::cuda::device_count()))
      throw std::runtime_error("no CUDA device " + std::to_string(dev->index()));
  } else if (!dev->is_cpu()) {
    throw std::invalid_argument("unsupported device \"" + device + "\"");
  }
  impl_->network.module().to(*dev);
  impl_->device = dev->str();
  for (auto& m : impl_->members) m->setDevice(device);
}

const std::string& NerModel::device() const { return impl_->device; }

int64_t NerModel::parameterCount() const {
  int64_t n = 0;
  for (const auto& p : impl_->network.module().parameters()) n += p.numel();
  return n;
}

void NerModel::saveWeights(const std::string& path) const {
  // Flat dotted names, so loadWeights can check every one; F32 on the CPU,
  // contiguous, as the file lays them out.
  std::vector<torch::Tensor> values;
  std::vector<SafetensorsBlob> blobs;
  for (const auto& p : impl_->network.module().named_parameters(true)) {
    values.push_back(p.value().detach().to(torch::kCPU, torch::kFloat).contiguous());
    blobs.push_back({p.key(), "F32", values.back().sizes().vec(), values.back().data_ptr()});
  }
  SafetensorsFile::write(path, blobs);
}

void NerModel::loadWeights(const std::string& path) {
  const SafetensorsFile file(path);
  const auto params = impl_->network.module().named_parameters(true);
  for (const auto& t : file.tensors()) {
    if (!params.contains(t.name))
      throw SafetensorsError(path, "unexpected parameter \"" + t.name +
                                       "\" (weights of a different model configuration?)");
  }
  // Check every name, dtype and shape before copying anything.
  std::vector<const SafetensorsTensor*> stored;
  for (const auto& p : params) {
    const SafetensorsTensor* t = file.find(p.key());
    if (t == nullptr)
      throw SafetensorsError(path, "missing parameter \"" + p.key() +
                                       "\" (weights of a different model configuration?)");
    if (t->dtype != "F32")
      throw SafetensorsError(
          path, "parameter \"" + p.key() + "\" has dtype " + t->dtype + ", the model expects F32");
    if (c10::IntArrayRef(t->shape) != p.value().sizes())
      throw SafetensorsError(path, "parameter \"" + p.key() + "\" has shape " +
                                       c10::str(c10::IntArrayRef(t->shape)) +
                                       ", the model expects " + c10::str(p.value().sizes()));
    stored.push_back(t);
  }
  torch::NoGradGuard noGrad;
  size_t i = 0;
  for (const auto& p : params) {
    const SafetensorsTensor& t = *stored[i++];
    const uint8_t* bytes = file.data(t);
    if (bytes == nullptr) continue;  // no elements
    const auto options = torch::TensorOptions().dtype(torch::kFloat);
    // The mapping is read-only: from_blob only reads it here (copy_'s source).
    void* data = const_cast<uint8_t*>(bytes);
    if (reinterpret_cast<uintptr_t>(bytes) % alignof(float) == 0) {
      p.value().copy_(torch::from_blob(data, t.shape, options));
    } else {  // another writer's unaligned layout: copy the bytes first
      torch::Tensor aligned = torch::empty(t.shape, options);
      std::memcpy(aligned.data_ptr(), bytes, static_cast<size_t>(t.end - t.begin));
      p.value().copy_(aligned);
    }
  }
}

torch::nn::Module& NerModel::module() { return impl_->network.module(); }

bool NerModel::unfreezeVectors() { return impl_->network.unfreezeVectors(); }

}  // namespace spanforge::model
