#include "model/transformerinput.h"

#include "model/batch.h"
#include "text/utf8.h"
#include "transformer/tokenizerloader.h"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

namespace spanforge::model {
namespace {

namespace fs = std::filesystem;

// Subwords a window can hold: RoBERTa's positions are counted after the
// padding id, so its 514 positions hold 512.
constexpr int64_t kDefaultWindow = 512;

int64_t longestWindow(const transformer::EncoderConfig& c) {
  const bool offset = c.family == transformer::EncoderFamily::Roberta ||
                      c.family == transformer::EncoderFamily::XlmRoberta;
  return offset ? c.positions - c.padId - 1 : c.positions;
}

}  // namespace

TransformerInput::TransformerInput(const ModelConfig& config)
    : folder_(config.transformer),
      encoder_(transformer::EncoderConfig::load((fs::path(folder_) / "config.json").string())),
      tokenizer_(transformer::loadTokenizer(folder_)),
      pooling_(config.pooling == "mean" ? transformer::Pooling::Mean
                                        : transformer::Pooling::First) {
  if (static_cast<int64_t>(tokenizer_->vocabSize()) > encoder_.vocab)
    throw std::runtime_error(
        folder_ + ": the tokenizer has " + std::to_string(tokenizer_->vocabSize()) +
        " subwords, config.json's vocab_size is " + std::to_string(encoder_.vocab));
  const transformer::SpecialTokens& s = tokenizer_->special();
  if (s.cls < 0 || s.sep < 0 || s.pad < 0)
    throw std::runtime_error(folder_ + ": the tokenizer lacks a start, end or padding token");
  const int64_t longest = longestWindow(encoder_);
  if (config.window > longest)
    throw std::invalid_argument("model.window " + std::to_string(config.window) +
                                " is longer than the " + std::to_string(longest) +
                                " subwords the model reads at once");
  // ModernBERT reads 8,192 subwords, but attention's memory grows with the
  // square of a window: longer ones only when asked for.
  window_ = config.window > 0 ? config.window : std::min<int64_t>(longest, kDefaultWindow);
  if (window_ < 3)
    throw std::invalid_argument(folder_ + ": a window of " + std::to_string(window_) +
                                " subwords is too short");
  stride_ = config.stride > 0 ? config.stride : std::max<int64_t>(1, (window_ - 2) / 2);
  if (stride_ > window_ - 2)
    throw std::invalid_argument("model.stride " + std::to_string(stride_) +
                                " is longer than a window's " + std::to_string(window_ - 2) +
                                " subwords");
}

TransformerInput::~TransformerInput() = default;

transformer::SentenceSubwords TransformerInput::subwords(
    const std::vector<std::string>& tokens) const {
  std::string text;
  std::vector<text::Token> placed;
  placed.reserve(tokens.size());
  int64_t at = 0;
  for (const std::string& t : tokens) {
    if (!text.empty()) {
      text += ' ';
      ++at;
    }
    const auto length = static_cast<int64_t>(text::codePointCount(t));
    placed.push_back({t, at, at + length});
    text += t;
    at += length;
  }
  return transformer::SentenceSubwords::make(*tokenizer_, text, placed);
}

transformer::SubwordBatch TransformerInput::windows(const Batch& batch) const {
  std::vector<const transformer::SentenceSubwords*> sentences;
  sentences.reserve(static_cast<size_t>(batch.size()));
  for (int64_t i = 0; i < batch.size(); ++i) sentences.push_back(&batch.sentence(i).subwords);
  return transformer::SubwordBatch(sentences, tokenizer_->special(), window_, stride_, pooling_);
}

std::string TransformerInput::weightsFile() const {
  const fs::path p = fs::path(folder_) / "model.safetensors";
  return fs::is_regular_file(p) ? p.string() : std::string();
}

const std::vector<std::string>& TransformerInput::folderFiles() {
  static const std::vector<std::string> files = {"config.json",
                                                 "tokenizer.json",
                                                 "tokenizer_config.json",
                                                 "special_tokens_map.json",
                                                 "vocab.txt",
                                                 "vocab.json",
                                                 "merges.txt"};
  return files;
}

}  // namespace spanforge::model
