#pragma once

#include "transformer/encoderconfig.h"

#include <cstdint>
#include <string>

namespace spanforge::transformer {

// A Hugging Face model folder as Spanforge would fine-tune it, checked
// without loading a weight: config.json of a supported family,
// model.safetensors holding every tensor that config asks for, in the
// shape it asks for (F32, F16 or BF16, with or without a "bert."-style
// prefix; LayerNorm's old gamma/beta names too), and a tokenizer whose ids
// fit the embeddings.
struct ModelFolderInfo {
  std::string name;  // config.json's _name_or_path, else the folder's name
  EncoderConfig config;
  std::string tokenizerKind;
  int64_t tokenizerVocab = 0;
  std::string prefix;  // before the tensor names in the weights file
  std::string dtype;   // of the word embeddings
  int64_t parameters = 0;
  // Fine-tuning in fp32 with AdamW: weights, gradients and two moments, 16
  // bytes a parameter, before activations.
  int64_t trainingBytes() const { return parameters * 16; }
  // "bert-base-cased: BERT, 12 layers, hidden 768, 108.9 M parameters,
  // WordPiece vocabulary of 28,996; about 1.7 GB to fine-tune before activations"
  std::string summary() const;
};

// Throws std::runtime_error naming the folder or file and the first thing
// missing or mismatched.
ModelFolderInfo inspectModelFolder(const std::string& folder);

}  // namespace spanforge::transformer
