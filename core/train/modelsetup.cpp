#include "train/modelsetup.h"

#include "model/featurizer.h"
#include "model/knownwords.h"
#include "model/nermodel.h"
#include "model/weighttransfer.h"
#include "train/package/modelpackage.h"
#include "train/pretrain/pretrainedweights.h"
#include "train/trainingerror.h"

#include <torch/torch.h>

#include <algorithm>
#include <stdexcept>

namespace spanforge::train {
namespace {

void addKnownWords(model::NerModel& model, const Corpus& train,
                   std::shared_ptr<const model::KnownWords> resumed) {
  auto known = std::make_shared<model::KnownWords>();
  if (resumed) known->add(*resumed);
  for (const auto& e : train.examples())
    for (const auto& t : e.tokens) known->add(model::Featurizer::norm(t));
  model.setKnownWords(std::move(known));
}

// A new model starting from `model.pretrained`: its architecture is the
// pretrained one (the training-only settings stay the config's); every
// weight but the output layer and CRF is copied; the text's words are known.
std::unique_ptr<model::NerModel> fromPretrained(TrainConfig& config, const Corpus& train,
                                                std::shared_ptr<const model::Vectors> vectors,
                                                std::shared_ptr<const model::KnownWords>& known) {
  PretrainedWeights pre = PretrainedWeights::load(config.model.pretrained, config.model.tagScheme);
  model::ModelConfig arch = pre.config().model;
  if (arch.vectors.empty() != config.model.vectors.empty())
    throw TrainingError(
        "the pretrained weights in " + config.model.pretrained + " were trained " +
        (arch.vectors.empty() ? "without" : "with") + " word vectors; set model.vectors " +
        (arch.vectors.empty() ? "to \"\"" : "to \"" + arch.vectors + "\"") + " to use them");
  arch.dropout = config.model.dropout;
  arch.wordDropout = config.model.wordDropout;
  arch.singletonDropout = config.model.singletonDropout;
  arch.charDropout = config.model.charDropout;
  arch.lmLoss = config.model.lmLoss;
  arch.unknownWords = config.model.unknownWords;
  arch.tagScheme = config.model.tagScheme;
  arch.vectors = config.model.vectors;
  arch.freezeVectors = config.model.freezeVectors;
  arch.unfreezeVectorsAfter = config.model.unfreezeVectorsAfter;
  arch.pretrained = config.model.pretrained;
  arch.pretrainedVocabulary = config.model.pretrainedVocabulary;
  config.model = arch;
  torch::manual_seed(static_cast<uint64_t>(config.training.seed));
  std::unique_ptr<model::NerModel> out;
  try {
    out = std::make_unique<model::NerModel>(config.model, train.labels(), std::move(vectors));
  } catch (const std::invalid_argument& x) {
    throw TrainingError(std::string("cannot build the model: ") + x.what());
  }
  model::WeightTransfer::copy(pre.model(), *out);
  if (config.model.pretrainedVocabulary) known = pre.model().knownWords();
  return out;
}

}  // namespace

std::unique_ptr<model::NerModel> ModelSetup::build(TrainConfig& config, const Corpus& train,
                                                   const std::string& resumeFrom,
                                                   std::shared_ptr<const model::Vectors> vectors) {
  std::unique_ptr<model::NerModel> out;
  std::shared_ptr<const model::KnownWords> resumed;
  if (resumeFrom.empty() && !config.model.pretrained.empty()) {
    out = fromPretrained(config, train, std::move(vectors), resumed);
  } else if (resumeFrom.empty()) {
    torch::manual_seed(static_cast<uint64_t>(config.training.seed));
    try {
      out = std::make_unique<model::NerModel>(config.model, train.labels(), std::move(vectors));
    } catch (const std::invalid_argument& x) {  // a label the tag set refuses
      throw TrainingError(std::string("cannot build the model: ") + x.what());
    } catch (const std::runtime_error& x) {  // a transformer folder that cannot be read
      throw TrainingError(std::string("cannot build the model: ") + x.what());
    }
  } else {
    ModelPackage package = ModelPackage::load(resumeFrom);
    // The package fixes the architecture; new labels are appended to its own.
    config.model = package.config().model;
    std::vector<std::string> labels = package.info().labels;
    for (const auto& l : train.labels())
      if (std::find(labels.begin(), labels.end(), l) == labels.end()) labels.push_back(l);
    torch::manual_seed(static_cast<uint64_t>(config.training.seed));
    out = std::make_unique<model::NerModel>(config.model, labels, package.model().vectors());
    model::WeightTransfer::copy(package.model(), *out);
    resumed = package.model().knownWords();
  }
  // A transformer reads subwords: no word is unknown to it.
  if (config.model.unknownWords && config.model.encoder != "transformer")
    addKnownWords(*out, train, std::move(resumed));
  return out;
}

}  // namespace spanforge::train
