#include "train/pretrain/pretrainstate.h"

#include "model/safetensorserror.h"
#include "model/safetensorsfile.h"
#include "torchcompat/optimizerstate.h"
#include "train/package/modelpackageerror.h"

#include <ATen/CPUGeneratorImpl.h>
#include <c10/util/Exception.h>
#include <torch/optim/adam.h>

#include <cmath>
#include <cstring>
#include <map>
#include <mutex>

namespace spanforge::train {
namespace {

using model::SafetensorsBlob;
using model::SafetensorsFile;
using model::SafetensorsTensor;

std::string headName(size_t i) { return "head." + std::to_string(i); }

std::string adamName(size_t i, const char* what) {
  return "adam." + std::to_string(i) + "." + what;
}

// A stored tensor of `dtype` and `shape`, copied out (the mapping's bytes
// need not be aligned for the type).
torch::Tensor copyOut(const SafetensorsFile& file, const std::string& name, const char* dtype,
                      torch::IntArrayRef shape, torch::ScalarType type) {
  const SafetensorsTensor* t = file.find(name);
  if (t == nullptr) throw ModelPackageError(file.path(), "tensor \"" + name + "\" is missing");
  if (t->dtype != dtype || torch::IntArrayRef(t->shape) != shape)
    throw ModelPackageError(file.path(), "tensor \"" + name + "\" is " + t->dtype + " " +
                                             c10::str(torch::IntArrayRef(t->shape)) +
                                             ", the pretraining expects " + dtype + " " +
                                             c10::str(shape));
  torch::Tensor out = torch::empty(shape, torch::TensorOptions().dtype(type));
  if (t->end > t->begin) std::memcpy(out.data_ptr(), file.data(*t), t->end - t->begin);
  return out;
}

}  // namespace

void PretrainState::write(const std::string& path, const PretrainPosition& position,
                          const std::vector<at::Tensor>& head, torch::optim::Optimizer& optimizer,
                          const std::vector<at::Tensor>& trainable) {
  std::vector<torch::Tensor> keep;  // CPU copies the blobs point into
  std::vector<SafetensorsBlob> blobs;
  const auto add = [&](const std::string& name, const torch::Tensor& t, const char* dtype) {
    keep.push_back(t.detach().to(torch::kCPU).contiguous());
    blobs.push_back({name, dtype, keep.back().sizes().vec(), keep.back().data_ptr()});
  };
  std::map<std::string, std::string> meta = {
      {"format", PretrainResume::kFormat},
      {"format_version", PretrainResume::kVersion},
      {"steps", std::to_string(position.steps)},
      {"epoch", std::to_string(position.epoch)},
      {"batches_done", std::to_string(position.batchesDone)},
      {"words", std::to_string(position.words)},
      {"milliseconds", std::to_string(std::llround(position.seconds * 1000.0))},
      {"order_rng", position.orderRng},
      {"text", position.textKey},
      {"trainable", std::to_string(trainable.size())}};
  for (size_t i = 0; i < head.size(); ++i) add(headName(i), head[i], "F32");
  for (size_t i = 0; i < trainable.size(); ++i) {
    auto* state = dynamic_cast<torch::optim::AdamParamState*>(
        torchcompat::optimizerState(optimizer, trainable[i]));
    if (state == nullptr) continue;  // never stepped (no gradient yet)
    add(adamName(i, "exp_avg"), state->exp_avg(), "F32");
    add(adamName(i, "exp_avg_sq"), state->exp_avg_sq(), "F32");
    meta[adamName(i, "step")] = std::to_string(state->step());
  }
  {
    auto gen = at::detail::getDefaultCPUGenerator();
    std::lock_guard<std::mutex> lock(gen.mutex());
    add("generator.cpu", gen.get_state(), "U8");
  }
  try {
    SafetensorsFile::write(path, blobs, meta);
  } catch (const model::SafetensorsError& e) {
    throw ModelPackageError(path, e.what());
  }
}

PretrainPosition PretrainState::restore(const std::string& path,
                                        const std::vector<at::Tensor>& head,
                                        torch::optim::Optimizer& optimizer,
                                        const std::vector<at::Tensor>& trainable) {
  try {
    const SafetensorsFile file(path);
    const PretrainPosition position = PretrainResume::positionOf(file);
    if (PretrainResume::wholeField(file, "trainable") != static_cast<int64_t>(trainable.size()))
      throw ModelPackageError(
          path, "holds the state of " +
                    std::to_string(PretrainResume::wholeField(file, "trainable")) +
                    " parameters, the pretraining has " + std::to_string(trainable.size()));
    // Everything read and checked before anything changes.
    std::vector<torch::Tensor> heads;
    for (size_t i = 0; i < head.size(); ++i)
      heads.push_back(copyOut(file, headName(i), "F32", head[i].sizes(), torch::kFloat));
    std::vector<std::unique_ptr<torch::optim::AdamParamState>> states(trainable.size());
    for (size_t i = 0; i < trainable.size(); ++i) {
      if (file.metadata().count(adamName(i, "step")) == 0) continue;
      auto s = std::make_unique<torch::optim::AdamParamState>();
      const auto& p = trainable[i];
      s->step(PretrainResume::wholeField(file, adamName(i, "step")));
      s->exp_avg(
          copyOut(file, adamName(i, "exp_avg"), "F32", p.sizes(), torch::kFloat).to(p.device()));
      s->exp_avg_sq(
          copyOut(file, adamName(i, "exp_avg_sq"), "F32", p.sizes(), torch::kFloat).to(p.device()));
      states[i] = std::move(s);
    }
    const SafetensorsTensor* g = file.find("generator.cpu");
    if (g == nullptr || g->dtype != "U8" || g->shape.size() != 1)
      throw ModelPackageError(path, "tensor \"generator.cpu\" is missing or not U8 [n]");
    const torch::Tensor generator = copyOut(file, "generator.cpu", "U8", g->shape, torch::kByte);
    auto gen = at::detail::getDefaultCPUGenerator();
    {
      std::lock_guard<std::mutex> lock(gen.mutex());
      try {
        gen.set_state(generator);
      } catch (const c10::Error& e) {  // its what() carries a C++ backtrace
        throw ModelPackageError(path, std::string("tensor \"generator.cpu\" is not a CPU "
                                                  "generator's state: ") +
                                          e.what_without_backtrace());
      } catch (const std::exception& e) {
        throw ModelPackageError(path, std::string("tensor \"generator.cpu\": ") + e.what());
      }
    }
    torch::NoGradGuard noGrad;
    for (size_t i = 0; i < head.size(); ++i) head[i].copy_(heads[i]);
    for (size_t i = 0; i < trainable.size(); ++i)
      if (states[i]) torchcompat::setOptimizerState(optimizer, trainable[i], std::move(states[i]));
    return position;
  } catch (const model::SafetensorsError& e) {
    throw ModelPackageError(path, e.what());
  }
}

}  // namespace spanforge::train
