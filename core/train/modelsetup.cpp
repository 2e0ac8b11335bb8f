#include "train/modelsetup.h"

#include "model/featurizer.h"
#include "model/knownwords.h"
#include "model/nermodel.h"
#include "model/weighttransfer.h"
#include "train/package/modelpackage.h"
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

}  // namespace

std::unique_ptr<model::NerModel> ModelSetup::build(TrainConfig& config, const Corpus& train,
                                                   const std::string& resumeFrom,
                                                   std::shared_ptr<const model::Vectors> vectors) {
  std::unique_ptr<model::NerModel> out;
  std::shared_ptr<const model::KnownWords> resumed;
  if (resumeFrom.empty()) {
    torch::manual_seed(static_cast<uint64_t>(config.training.seed));
    try {
      out = std::make_unique<model::NerModel>(config.model, train.labels(), std::move(vectors));
    } catch (const std::invalid_argument& x) {  // a label the tag set refuses
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
  if (config.model.unknownWords) addKnownWords(*out, train, std::move(resumed));
  return out;
}

}  // namespace spanforge::train
