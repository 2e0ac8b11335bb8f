#include "transformer/modelfolder.h"

#include "model/safetensorsfile.h"
#include "transformer/checkpointtensor.h"
#include "transformer/modelfoldererror.h"
#include "transformer/tokenizerloader.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

namespace spanforge::transformer {
namespace {

namespace fs = std::filesystem;

std::string shapeText(const std::vector<int64_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

std::string grouped(int64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace

std::string ModelFolderInfo::summary() const {
  char size[64];
  std::snprintf(size, sizeof size, "%.1f M parameters", static_cast<double>(parameters) / 1e6);
  // In MB below a tenth of a GB: a small model read "about 0.0 GB".
  char memory[64];
  const double bytes = static_cast<double>(trainingBytes());
  if (bytes < 1e8)
    std::snprintf(memory, sizeof memory, "%.0f MB", std::max(1.0, bytes / 1e6));
  else
    std::snprintf(memory, sizeof memory, "%.1f GB", bytes / 1e9);
  return name + ": " + toString(config.family) + ", " + std::to_string(config.layers) +
         " layers, hidden " + std::to_string(config.hidden) + ", " + size + ", " + tokenizerKind +
         " vocabulary of " + grouped(tokenizerVocab) + "; about " + memory +
         " to fine-tune before activations";
}

ModelFolderInfo inspectModelFolder(const std::string& folder) {
  const fs::path dir(folder);
  if (!fs::is_directory(dir)) throw ModelFolderError(folder + ": no such folder");
  if (!fs::exists(dir / "config.json"))
    throw ModelFolderError(folder + ": no config.json (the model's architecture and sizes)");
  ModelFolderInfo info;
  info.config = EncoderConfig::load((dir / "config.json").string());
  info.name = info.config.name.empty() ? dir.filename().string() : info.config.name;
  const fs::path weights = dir / "model.safetensors";
  if (!fs::exists(weights)) {
    if (fs::exists(dir / "pytorch_model.bin"))
      throw ModelFolderError(folder +
                             ": the weights are only in pytorch_model.bin, a pickle, which can "
                             "run code when read and is never opened here; save the model as "
                             "model.safetensors (save_pretrained does by default)");
    throw ModelFolderError(folder + ": no model.safetensors (the weights)");
  }
  const auto tokenizer = loadTokenizer(folder);
  info.tokenizerKind = tokenizer->kind();
  info.tokenizerVocab = static_cast<int64_t>(tokenizer->vocabSize());
  if (info.tokenizerVocab > info.config.vocab)
    throw ModelFolderError(folder + ": the tokenizer has " + grouped(info.tokenizerVocab) +
                           " tokens but config.json's vocab_size is " + grouped(info.config.vocab));

  const model::SafetensorsFile file(weights.string());
  const std::vector<ExpectedTensor> expected = expectedTensors(info.config);
  const std::string first = expected.front().name;
  // Base models save bare names; models with a head put the base under one of these.
  for (const char* prefix : {"", "bert.", "roberta.", "distilbert.", "electra.", "model."}) {
    if (file.find(prefix + first)) {
      info.prefix = prefix;
      break;
    }
  }
  if (!file.find(info.prefix + first))
    throw ModelFolderError(weights.string() + ": no " + first +
                           " (nor with a bert., roberta., distilbert., electra. or model. "
                           "prefix)");
  info.dtype = file.find(info.prefix + first)->dtype;
  for (const ExpectedTensor& want : expected) {
    const auto* t = findCheckpointTensor(file, info.prefix, want.name);
    if (!t)
      throw ModelFolderError(weights.string() + ": no " + info.prefix + want.name +
                             ", which config.json's " + std::to_string(info.config.layers) +
                             " layers of hidden size " + std::to_string(info.config.hidden) +
                             " need");
    if (t->shape != want.shape)
      throw ModelFolderError(weights.string() + ": " + t->name + " has shape " +
                             shapeText(t->shape) + ", config.json makes it " +
                             shapeText(want.shape));
    if (t->dtype != "F32" && t->dtype != "F16" && t->dtype != "BF16")
      throw ModelFolderError(weights.string() + ": " + t->name + " is " + t->dtype +
                             " (F32, F16 and BF16 are read)");
  }
  info.parameters = parameterCount(info.config);
  return info;
}

}  // namespace spanforge::transformer
