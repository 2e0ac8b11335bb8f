#pragma once

#include "model/batch.h"
#include "model/batchtensors.h"
#include "model/crfscores.h"
#include "model/modelconfig.h"
#include "model/prediction.h"
#include "model/sentencefeatures.h"
#include "text/tokenspan.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

// Only the trainer seam below names torch types, forward-declared: this
// header never includes torch (see DESIGN.md, Boundaries).
namespace at {
class Tensor;
}
namespace torch::nn {
class Module;
}

namespace spanforge::model {

class Featurizer;
class TagSet;

// A batch's CRF inputs on the CPU: emission scores [sentence][step][tag]
// (row-major; `steps` per sentence, padded) and the tag-to-tag scores.
struct CrfInputs {
  CrfScores scores;
  std::vector<float> emissions;
  int64_t steps = 0;
};
class KnownWords;
class TransformerInput;
class Vectors;

// The NER model: features -> encoder -> CRF, with a plain C++ API.
//
// Parameters are initialised from torch's global generator: call
// torch::manual_seed (or the trainer's seed setting) before constructing
// for reproducible runs.
//
// Threads: predict() and loss() are const and may run concurrently with
// each other (they only read parameters; grad mode is thread-local). They
// must not overlap with anything that changes the model (a training step,
// loadWeights, setDevice, setTraining); train on one instance and predict
// on another (e.g. loaded from the last saved weights) when both must run
// at once.
class NerModel {
 public:
  // Labels are the entity types ("PER", ...); the tags come from
  // config.tagScheme. With config.vectors set and `vectors` null, the file
  // is loaded. Throws std::invalid_argument for a bad config or labels.
  NerModel(const ModelConfig& config, std::vector<std::string> labels,
           std::shared_ptr<const Vectors> vectors = nullptr);
  ~NerModel();
  NerModel(NerModel&&) noexcept;
  NerModel& operator=(NerModel&&) noexcept;

  const ModelConfig& config() const;
  const TagSet& tagSet() const;
  const std::vector<std::string>& labels() const;
  const Featurizer& featurizer() const;
  std::shared_ptr<const Vectors> vectors() const;  // null without vectors
  // encoder = "transformer": its folder, tokenizer and windows; null otherwise.
  const TransformerInput* transformer() const;
  // The training words (see KnownWords); null: every word is hashed.
  std::shared_ptr<const KnownWords> knownWords() const;
  void setKnownWords(std::shared_ptr<const KnownWords> known);

  // Shortcuts for building batches.
  SentenceFeatures featurize(const std::vector<std::string>& tokens) const;
  std::vector<int64_t> encodeTags(const std::vector<text::TokenSpan>& spans,
                                  size_t tokenCount) const;

  // Whether lossTensor() applies dropout. predict() and loss() never do.
  void setTraining(bool training);
  bool training() const;

  // Mean negative log-likelihood per sentence, no gradients (dev loss).
  // The batch must have gold tags.
  double loss(const Batch& batch) const;

  // Best tag path, spans with confidences and uncertainty figures per
  // sentence, in batch order. With dropoutSamples > 1 also
  // pathDisagreement over that many dropout samples (DropoutPaths; the
  // rest of the prediction is the same without dropout). With
  // sentenceVectors also Prediction::sentenceVector.
  std::vector<Prediction> predict(const Batch& batch, int dropoutSamples = 0,
                                  bool sentenceVectors = false) const;
  // Featurizes and batches (length-sorted, ~1000 words a batch) itself.
  std::vector<Prediction> predict(const std::vector<std::vector<std::string>>& sentences,
                                  int dropoutSamples = 0, bool sentenceVectors = false) const;

  // An ensemble of seeds: a member trained on the same data with the same
  // features (only its seed differs). predict() then averages the emission
  // and transition scores of this model and every member (log-linear
  // pooling) before decoding, so the spans, their probabilities and every
  // uncertainty figure come from the pooled CRF; dropout samples stay this
  // model's. loss() and training never use members. Throws
  // std::invalid_argument saying what differs (labels, scheme, features).
  void addEnsembleMember(std::unique_ptr<NerModel> member);
  size_t ensembleSize() const;  // this model and its members

  // Calibration: predict() divides every CRF score (emissions and
  // transitions, after pooling) by the temperature, which leaves the best
  // path and the spans as they are and makes their probabilities less (> 1)
  // or more (< 1) sure. 1 = the scores as trained. Throws
  // std::invalid_argument unless positive and finite.
  void setTemperature(double temperature);
  double temperature() const;
  // The CRF's inputs for a batch as predict() decodes them before the
  // temperature (pooled over an ensemble), for fitting it (TemperatureFit).
  CrfInputs crfInputs(const Batch& batch) const;

  // "cpu", "cuda" or "cuda:N" (members too). Throws std::invalid_argument for a malformed
  // name, std::runtime_error when CUDA is unavailable.
  void setDevice(const std::string& device);
  const std::string& device() const;

  int64_t parameterCount() const;  // trainable values (frozen vectors excluded)

  // Learned parameters only (a frozen vectors table is not saved), as a
  // safetensors file (SafetensorsFile): data only, nothing in it can run.
  // loadWeights maps the file and checks every name, dtype (F32) and shape
  // against this model before copying anything; it refuses a missing or an
  // unknown parameter. Both throw SafetensorsError naming the file.
  void saveWeights(const std::string& path) const;
  void loadWeights(const std::string& path);

  // --- Trainer seam (core/train .cpp files, which include torch) ---
  // The root module: parameters() for the optimiser, named_parameters()
  // for per-group settings. Do not add or remove parameters.
  torch::nn::Module& module();
  // NerNetwork::unfreezeVectors: the trainer calls it after
  // model.unfreeze_vectors_after epochs, then trains the table too.
  bool unfreezeVectors();
  // Mean negative log-likelihood per sentence as a scalar tensor with its
  // autograd graph (dropout when training()); the trainer calls backward(),
  // clips and steps. The batch must have gold tags.
  at::Tensor lossTensor(const Batch& batch);
  // The same in two halves, so that a thread can pad the next batches while
  // this one trains: tensors() may run on any thread, also during a training
  // step (it reads only the config and device, builds no graph and draws no
  // random numbers), but not during setDevice. lossTensor(tensors(b)) is
  // lossTensor(b), bit for bit.
  BatchTensors tensors(const Batch& batch) const;
  at::Tensor lossTensor(const BatchTensors& tensors);
  // For pretraining: the encoder's output [B, T, contextDim()] with the
  // tokens where `hide` [B, T] is true blanked out (NerNetwork::context);
  // dropout when training().
  at::Tensor contextTensor(const BatchTensors& tensors, const at::Tensor& hide);
  int64_t contextDim() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::model
