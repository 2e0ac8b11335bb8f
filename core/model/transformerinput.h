#pragma once

#include "model/modelconfig.h"
#include "transformer/encoderconfig.h"
#include "transformer/subwordbatch.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace spanforge::transformer {
class SubwordTokenizer;
}

namespace spanforge::model {

class Batch;

// What a model with encoder = "transformer" reads of its model folder
// (config.json and the tokenizer files), and how it turns Spanforge's tokens
// into the encoder's windows. The folder is a Hugging Face download or a
// model package, which carries the same files (folderFiles()).
class TransformerInput {
 public:
  // Throws std::runtime_error naming the file and what is wrong with it, and
  // std::invalid_argument for a window the model cannot read.
  explicit TransformerInput(const ModelConfig& config);
  ~TransformerInput();

  const std::string& folder() const { return folder_; }
  const transformer::EncoderConfig& encoder() const { return encoder_; }
  const transformer::SubwordTokenizer& tokenizer() const { return *tokenizer_; }
  int64_t window() const { return window_; }
  int64_t stride() const { return stride_; }

  // The tokens as the encoder reads them: joined by single spaces, as Hugging
  // Face's is_split_into_words does, so a labelled token is always whole.
  transformer::SentenceSubwords subwords(const std::vector<std::string>& tokens) const;
  // The batch's sentences (featurised with subwords) as the encoder's windows.
  transformer::SubwordBatch windows(const Batch& batch) const;

  // folder/model.safetensors when there is one (pretrained weights), else "".
  std::string weightsFile() const;
  // The files of a model folder a package carries (those present are copied).
  static const std::vector<std::string>& folderFiles();

 private:
  std::string folder_;
  transformer::EncoderConfig encoder_;
  std::unique_ptr<transformer::SubwordTokenizer> tokenizer_;
  int64_t window_ = 0;
  int64_t stride_ = 0;
  transformer::Pooling pooling_ = transformer::Pooling::First;
};

}  // namespace spanforge::model
