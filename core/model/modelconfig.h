#pragma once

#include <cstdint>
#include <string>

namespace spanforge::model {

// Architecture settings; the [model] table of the training config.
struct ModelConfig {
  // Hashed word features (spaCy HashEmbed style): each feature is hashed with
  // `hash_seeds` seeds into a table of `hash_rows` rows and the rows summed.
  int64_t hashRows = 20000;
  int64_t hashSeeds = 4;
  int64_t wordDim = 64;      // width of each hashed feature embedding
  int64_t prefixLength = 1;  // characters of the prefix feature
  int64_t suffixLength = 3;  // characters of the suffix feature
  // Which hashed features to embed (see parseWordFeatures); fewer for
  // ablations and baselines.
  std::string wordFeatures = "norm prefix suffix shape";

  // Per-token character encoder: "cnn" (filters, kernel) or "bilstm" (char_hidden).
  std::string charEncoder = "cnn";
  int64_t charDim = 32;
  int64_t charFilters = 64;
  int64_t charKernel = 3;
  int64_t charHidden = 32;     // per direction
  int64_t maxTokenChars = 24;  // longer tokens keep their first and last 12

  // Encoder: "bilstm" or "cnn" (dilated convolutions, faster).
  std::string encoder = "bilstm";
  // 192 rather than 96 per direction: wikigold 5-fold F1 56.4 vs 54.6 (better
  // on every fold), WNUT-17 test 25.7 vs 21.8; still 8,000 training words/s.
  int64_t hidden = 192;  // per direction for the BiLSTM; channels for the CNN
  int64_t layers = 1;    // BiLSTM layers
  int64_t cnnDepth = 4;  // dilated CNN blocks (dilations 1, 2, 4, ...)
  int64_t cnnKernel = 3;

  double dropout = 0.3;  // on embeddings and encoder output
  // Where `dropout` applies: "both", "input" (the embeddings only) or
  // "output" (the encoder's output only).
  std::string dropoutAt = "both";
  // One dropout mask per sentence and feature, shared by all its tokens
  // (variational dropout, Gal & Ghahramani 2016), instead of one per token.
  bool variationalDropout = false;
  // While training, a token's word feature (its normalised form) is hidden
  // with this probability, so the model learns to tag words it has not seen
  // from their shape, affixes, characters and context.
  double wordDropout = 0.1;
  // While training, a word seen only once in the training data is hidden
  // (as word_dropout hides any word) with this probability instead: the
  // unknown word then learns from the words most like tomorrow's unseen
  // ones (Lample et al. 2016 replace singletons with 0.5).
  double singletonDropout = 0.0;
  // While training, each character a token's character encoder reads is
  // blanked (as padding) with this probability, so that names are tagged
  // from their spelling as a whole rather than one telling character.
  double charDropout = 0.0;
  // Weight of the auxiliary language-model loss while training (Rei 2017:
  // each direction of the BiLSTM also predicts the next / previous token,
  // see LanguageModelHead); 0 = off. Needs the one-layer bilstm encoder.
  double lmLoss = 0.0;
  // Words not seen in training share one learned embedding (trained through
  // word_dropout) instead of hashed rows trained for other words; see
  // KnownWords. The package stores the training words.
  bool unknownWords = true;

  // Tags the CRF predicts: "biluo" or "iob2".
  std::string tagScheme = "biluo";

  // Pretrained vectors file (GloVe / word2vec / fastText text, optionally .gz);
  // empty for none. Stored in the model package when used.
  std::string vectors;
  bool freezeVectors = true;
  // With freezeVectors: the vectors are trained too once this many epochs
  // have passed (a parameter from the start, without a gradient until then);
  // 0 = frozen throughout.
  int64_t unfreezeVectorsAfter = 0;

  // Weights from `spanforge-cli pretrain` (a directory) that a new model
  // starts from; empty for a random start. Not read when resuming.
  std::string pretrained;
  // With `pretrained` and unknown_words: the words of the pretraining text
  // count as known too (they keep their pretrained rows); false: only the
  // training words do, and other words are the unknown word, as without
  // pretraining.
  bool pretrainedVocabulary = true;

  // encoder = "transformer": a Hugging Face model folder (config.json, its
  // tokenizer files, and model.safetensors for pretrained weights; without
  // it the encoder starts random, as in a model package, whose weights come
  // after). The hashed features, characters and vectors are then not used.
  std::string transformer;
  std::string pooling = "first";   // a token's state: its "first" subword's or the "mean"
  int64_t window = 0;              // subwords per window, 0 = the model's positions (at most 512)
  int64_t stride = 0;              // subwords from one window to the next, 0 = window / 2
  bool freezeEncoder = false;      // train the head alone
  int64_t freezeLayers = 0;        // keep the embeddings and the first N layers fixed
  bool transformerBilstm = false;  // a BiLSTM (hidden, layers) between encoder and CRF
};

}  // namespace spanforge::model
