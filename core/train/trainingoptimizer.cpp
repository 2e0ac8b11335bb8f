#include "train/trainingoptimizer.h"

#include "model/nermodel.h"
#include "train/optimizerfactory.h"

#include <torch/nn/module.h>
#include <torch/optim/adamw.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace spanforge::train {
namespace {

constexpr double kEncoderWeightDecay = 0.01;  // BERT's fine-tuning recipe

void setRate(torch::optim::Optimizer& opt, double rate) {
  for (auto& g : opt.param_groups()) g.options().set_lr(rate);
}

}  // namespace

TrainingOptimizer::TrainingOptimizer(const TrainingSettings& settings, model::NerModel& model)
    : schedule_(settings),
      encoderRate_(settings.transformerLearningRate),
      warmup_(settings.transformerWarmup),
      total_(settings.maxSteps),
      settings_(settings) {
  std::vector<torch::Tensor> head, encoder;
  for (const auto& p : model.module().named_parameters(true)) {
    if (!p.value().requires_grad()) continue;
    const bool inEncoder = p.key().rfind("transformer.", 0) == 0;
    (inEncoder ? encoder : head).push_back(p.value());
  }
  head_ = OptimizerFactory::make(settings, std::move(head));
  if (!encoder.empty())
    encoder_ = std::make_unique<torch::optim::AdamW>(
        std::move(encoder),
        torch::optim::AdamWOptions(encoderRate_).weight_decay(kEncoderWeightDecay));
}

TrainingOptimizer::~TrainingOptimizer() = default;

double TrainingOptimizer::encoderRate(int64_t step) const {
  if (!encoder_) return 0.0;
  step = std::max<int64_t>(1, step);
  if (warmup_ > 0 && step <= warmup_)
    return encoderRate_ * static_cast<double>(step) / static_cast<double>(warmup_);
  if (total_ <= warmup_) return encoderRate_;
  const auto left = static_cast<double>(std::max<int64_t>(0, total_ - step));
  return encoderRate_ * left / static_cast<double>(total_ - warmup_);
}

double TrainingOptimizer::setStep(int64_t step) {
  const double rate = schedule_.at(step);
  setRate(*head_, rate);
  if (unfrozen_) setRate(*unfrozen_, rate);
  if (encoder_) setRate(*encoder_, encoderRate(step));
  return rate;
}

void TrainingOptimizer::zeroGrad() {
  head_->zero_grad();
  if (unfrozen_) unfrozen_->zero_grad();
  if (encoder_) encoder_->zero_grad();
}

void TrainingOptimizer::step() {
  head_->step();
  if (unfrozen_) unfrozen_->step();
  if (encoder_) encoder_->step();
}

// Only vectors unfreeze, and once: a trainable parameter no optimiser holds
// is new.
size_t TrainingOptimizer::addUnfrozen(model::NerModel& model) {
  std::vector<torch::Tensor> held;
  for (const auto* opt : {head_.get(), unfrozen_.get(), encoder_.get()})
    if (opt)
      for (const auto& g : opt->param_groups())
        held.insert(held.end(), g.params().begin(), g.params().end());
  std::vector<torch::Tensor> added;
  for (const auto& p : model.module().parameters()) {
    if (!p.requires_grad()) continue;
    const bool known =
        std::any_of(held.begin(), held.end(), [&](const torch::Tensor& h) { return h.is_same(p); });
    if (!known) added.push_back(p);
  }
  if (added.empty()) return 0;
  if (unfrozen_) throw std::logic_error("TrainingOptimizer: parameters unfroze twice");
  const size_t n = added.size();
  unfrozen_ = OptimizerFactory::make(settings_, std::move(added));
  return n;
}

}  // namespace spanforge::train
