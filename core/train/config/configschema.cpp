#include "train/config/configschema.h"

#include "model/wordfeatures.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <regex>
#include <stdexcept>

namespace spanforge::train {
namespace {

constexpr int64_t kNoMax = std::numeric_limits<int64_t>::max();

template <class T>
constexpr ValueType typeOf();
template <>
constexpr ValueType typeOf<int64_t>() {
  return ValueType::Integer;
}
template <>
constexpr ValueType typeOf<double>() {
  return ValueType::Float;
}
template <>
constexpr ValueType typeOf<bool>() {
  return ValueType::Boolean;
}
template <>
constexpr ValueType typeOf<std::string>() {
  return ValueType::String;
}

// What a value may be: text for comments and messages, and the test.
struct Rule {
  std::string text;
  std::function<bool(const ConfigValue&)> accepts;
};

Rule ints(int64_t lo, int64_t hi = kNoMax, bool odd = false) {
  std::string text = odd ? "an odd integer" : "an integer";
  text += hi == kNoMax ? " >= " + std::to_string(lo)
                       : " from " + std::to_string(lo) + " to " + std::to_string(hi);
  return {text, [=](const ConfigValue& v) {
            const int64_t x = std::get<int64_t>(v);
            return x >= lo && x <= hi && (!odd || x % 2 != 0);
          }};
}

// A finite number with optional bounds; open bounds exclude the limit.
Rule reals(double lo, double hi, bool loOpen = false, bool hiOpen = false) {
  const auto num = [](double x) {  // "10", not TOML's "10.0", in prose
    std::string s = formatValue(ConfigValue(x));
    return s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0 ? s.substr(0, s.size() - 2) : s;
  };
  std::string text = "a number";
  const bool hasHi = std::isfinite(hi);
  if (!loOpen && !hiOpen && hasHi) {
    text += " from " + num(lo) + " to " + num(hi);
  } else {
    text += (loOpen ? " > " : " >= ") + num(lo);
    if (hasHi) text += (hiOpen ? " and < " : " and <= ") + num(hi);
  }
  return {text, [=](const ConfigValue& v) {
            const double x = std::get<double>(v);
            return std::isfinite(x) && (loOpen ? x > lo : x >= lo) &&
                   (!hasHi || (hiOpen ? x < hi : x <= hi));
          }};
}
constexpr double kInf = std::numeric_limits<double>::infinity();

Rule oneOf(std::vector<std::string> allowed) {
  std::string text = "one of ";
  for (size_t i = 0; i < allowed.size(); ++i) text += (i ? ", \"" : "\"") + allowed[i] + "\"";
  return {text, [=](const ConfigValue& v) {
            const auto& s = std::get<std::string>(v);
            for (const auto& a : allowed)
              if (s == a) return true;
            return false;
          }};
}

Rule anyBool() {
  return {"true or false", [](const ConfigValue&) { return true; }};
}
Rule anyString() {
  return {"a string", [](const ConfigValue&) { return true; }};
}
Rule wordFeatureList() {
  return {"names from \"norm prefix suffix shape\", each at most once", [](const ConfigValue& v) {
            try {
              model::parseWordFeatures(std::get<std::string>(v));
              return true;
            } catch (const std::invalid_argument&) {
              return false;
            }
          }};
}
Rule deviceName() {
  return {"\"auto\", \"cpu\", \"cuda\" or \"cuda:N\" (N = GPU index)", [](const ConfigValue& v) {
            static const std::regex re("auto|cpu|cuda(:(0|[1-9][0-9]{0,2}))?");
            return std::regex_match(std::get<std::string>(v), re);
          }};
}

template <class Sec, class T>
ConfigField field(const char* section, const char* key, Sec TrainConfig::*sec, T Sec::*member,
                  Rule rule, const char* comment) {
  ConfigField f;
  f.section = section;
  f.key = key;
  f.comment = comment;
  f.type = typeOf<T>();
  f.constraint = std::move(rule.text);
  f.accepts = std::move(rule.accepts);
  f.get = [=](const TrainConfig& c) { return ConfigValue(c.*sec.*member); };
  f.set = [=](TrainConfig& c, const ConfigValue& v) { c.*sec.*member = std::get<T>(v); };
  return f;
}

std::vector<ConfigField> buildFields() {
  using model::ModelConfig;
  const auto M = &TrainConfig::model;
  const auto T = &TrainConfig::training;
  const auto D = &TrainConfig::data;
  const auto P = &TrainConfig::pretraining;
  const char* p = "pretraining";
  const auto V = &TrainConfig::device;
  const char* m = "model";
  const char* t = "training";
  const char* d = "data";
  const char* v = "device";
  return {
      // [model]
      field(m, "hash_rows", M, &ModelConfig::hashRows, ints(1, 5'000'000),
            "Rows per hashed feature table (more rows, fewer collisions)"),
      field(m, "hash_seeds", M, &ModelConfig::hashSeeds, ints(1, 8),
            "Hash functions per feature; their rows are summed"),
      field(m, "word_dim", M, &ModelConfig::wordDim, ints(1, 1024),
            "Width of each hashed feature embedding (word, prefix, suffix, shape)"),
      field(m, "prefix_length", M, &ModelConfig::prefixLength, ints(1, 10),
            "Characters in the prefix feature"),
      field(m, "suffix_length", M, &ModelConfig::suffixLength, ints(1, 10),
            "Characters in the suffix feature"),
      field(m, "word_features", M, &ModelConfig::wordFeatures, wordFeatureList(),
            "Hashed features to embed: word (norm), prefix, suffix, shape"),
      field(m, "char_encoder", M, &ModelConfig::charEncoder, oneOf({"cnn", "bilstm"}),
            "Per-token character encoder: CNN (char_filters) or BiLSTM (char_hidden)"),
      field(m, "char_dim", M, &ModelConfig::charDim, ints(1, 512),
            "Width of the character embeddings fed to the character encoder"),
      field(m, "char_filters", M, &ModelConfig::charFilters, ints(1, 1024),
            "Filters of the character CNN (width of its output per token)"),
      field(m, "char_kernel", M, &ModelConfig::charKernel, ints(1, 15),
            "Window of the character CNN in characters"),
      field(m, "char_hidden", M, &ModelConfig::charHidden, ints(1, 1024),
            "Units per direction of the character BiLSTM"),
      field(m, "max_token_chars", M, &ModelConfig::maxTokenChars, ints(2, 256),
            "Characters per token for the character encoder; longer tokens keep both ends"),
      field(m, "encoder", M, &ModelConfig::encoder, oneOf({"bilstm", "cnn", "transformer"}),
            "Context encoder: BiLSTM, dilated CNN (faster, a little less accurate), or a "
            "pretrained transformer (model.transformer)"),
      field(m, "hidden", M, &ModelConfig::hidden, ints(1, 4096),
            "Encoder width: units per direction (bilstm) or channels (cnn)"),
      field(m, "layers", M, &ModelConfig::layers, ints(1, 8), "Stacked BiLSTM layers"),
      field(m, "cnn_depth", M, &ModelConfig::cnnDepth, ints(1, 16),
            "Dilated CNN blocks; dilation doubles per block (1, 2, 4, ...)"),
      field(m, "cnn_kernel", M, &ModelConfig::cnnKernel, ints(1, 15, true),
            "Window of each dilated CNN block in tokens"),
      field(m, "dropout", M, &ModelConfig::dropout, reals(0, 1, false, true),
            "Dropout on the embeddings and on the encoder output"),
      field(m, "dropout_at", M, &ModelConfig::dropoutAt, oneOf({"both", "input", "output"}),
            "Where dropout applies: the embeddings and the encoder output, or only one of them"),
      field(m, "variational_dropout", M, &ModelConfig::variationalDropout, anyBool(),
            "One dropout mask per sentence, shared by its tokens, instead of one per token"),
      field(m, "word_dropout", M, &ModelConfig::wordDropout, reals(0, 1, false, true),
            "Chance of hiding a token's word feature while training (helps with unseen words)"),
      field(m, "singleton_dropout", M, &ModelConfig::singletonDropout, reals(0, 1, false, true),
            "While training, hide words seen once in the training data with this probability "
            "(instead of word_dropout); 0 = off"),
      field(m, "char_dropout", M, &ModelConfig::charDropout, reals(0, 1, false, true),
            "While training, blank each character the character encoder reads with this "
            "probability; 0 = off"),
      field(m, "lm_loss", M, &ModelConfig::lmLoss, reals(0, 10),
            "Weight of an auxiliary language-model loss while training (each BiLSTM direction "
            "also predicts the neighbouring word's characters); 0 = off; one-layer bilstm only"),
      field(m, "unknown_words", M, &ModelConfig::unknownWords, anyBool(),
            "Words not seen in training share one learned embedding (trained by word_dropout)"),
      field(m, "tag_scheme", M, &ModelConfig::tagScheme, oneOf({"biluo", "iob2"}),
            "Tags the CRF predicts (BILUO marks entity ends and single tokens)"),
      field(m, "vectors", M, &ModelConfig::vectors, anyString(),
            "Pretrained vectors (GloVe/word2vec/fastText text, may be .gz); \"\" = none"),
      field(m, "pretrained", M, &ModelConfig::pretrained, anyString(),
            "Pretrained weights (a `spanforge-cli pretrain` output folder) a new model starts "
            "from; empty = random"),
      field(m, "pretrained_vocabulary", M, &ModelConfig::pretrainedVocabulary, anyBool(),
            "With pretrained weights: words of the pretraining text keep their pretrained "
            "embeddings instead of becoming the unknown word"),
      field(m, "freeze_vectors", M, &ModelConfig::freezeVectors, anyBool(),
            "Keep pretrained vectors fixed during training"),
      field(m, "unfreeze_vectors_after", M, &ModelConfig::unfreezeVectorsAfter, ints(0, 100'000),
            "With freeze_vectors: train the vectors too after this many epochs; 0 = never"),
      field(m, "transformer", M, &ModelConfig::transformer, anyString(),
            "encoder = \"transformer\": a Hugging Face model folder (config.json, tokenizer "
            "files, model.safetensors)"),
      field(m, "pooling", M, &ModelConfig::pooling, oneOf({"first", "mean"}),
            "Transformer: a token's state is its first subword's, or the mean of its subwords'"),
      field(m, "window", M, &ModelConfig::window, ints(0, 1'000'000),
            "Transformer: subwords per window over a long sentence; 0 = the model's maximum"),
      field(m, "stride", M, &ModelConfig::stride, ints(0, 1'000'000),
            "Transformer: subwords from one window to the next; 0 = half a window"),
      field(m, "freeze_encoder", M, &ModelConfig::freezeEncoder, anyBool(),
            "Transformer: keep the pretrained encoder fixed and train the head alone"),
      field(m, "freeze_layers", M, &ModelConfig::freezeLayers, ints(0, 1000),
            "Transformer: keep the embeddings and this many first layers fixed"),
      field(m, "transformer_bilstm", M, &ModelConfig::transformerBilstm, anyBool(),
            "Transformer: a BiLSTM (hidden, layers) between the encoder and the CRF"),
      // [training]
      field(t, "seed", T, &TrainingSettings::seed, ints(0),
            "Seed for initialisation, shuffling and dropout; CPU runs are reproducible"),
      field(t, "optimizer", T, &TrainingSettings::optimizer, oneOf({"adam", "sgd"}),
            "Optimizer: SGD with momentum, or Adam"),
      field(t, "learning_rate", T, &TrainingSettings::learningRate, reals(0, 10, true),
            "Learning rate after warm-up, before decay"),
      field(t, "beta1", T, &TrainingSettings::beta1, reals(0, 1, false, true),
            "Adam: decay of the gradient moving average"),
      field(t, "beta2", T, &TrainingSettings::beta2, reals(0, 1, false, true),
            "Adam: decay of the squared-gradient moving average"),
      field(t, "eps", T, &TrainingSettings::eps, reals(0, 1, true),
            "Adam: term added to the denominator for stability"),
      field(t, "momentum", T, &TrainingSettings::momentum, reals(0, 1, false, true),
            "SGD: momentum (0 = plain SGD)"),
      field(t, "l2", T, &TrainingSettings::l2, reals(0, 1), "Weight decay (L2); 0 = off"),
      field(t, "grad_clip", T, &TrainingSettings::gradClip, reals(0, kInf),
            "Clip the global gradient norm to this value; 0 = off"),
      field(t, "param_average", T, &TrainingSettings::paramAverage, reals(0, 1, false, true),
            "Evaluate and save a moving average of the weights with this decay; 0 = off"),
      field(t, "checkpoint_average", T, &TrainingSettings::checkpointAverage, ints(0, 50),
            "At the end, average the weights of the best evaluation and the ones before it (this "
            "many in all) and keep the mean if it scores at least as well on dev; 0 = off"),
      field(t, "warmup_steps", T, &TrainingSettings::warmupSteps, ints(0),
            "Steps over which the learning rate rises linearly from 0; 0 = no warm-up"),
      field(t, "transformer_learning_rate", T, &TrainingSettings::transformerLearningRate,
            reals(0, 1, true),
            "Transformer: AdamW's learning rate for the pretrained encoder (the head keeps "
            "learning_rate)"),
      field(t, "transformer_warmup", T, &TrainingSettings::transformerWarmup, ints(0),
            "Transformer: steps over which the encoder's rate rises from 0; it then falls "
            "linearly to 0 at max_steps"),
      field(t, "lr_decay", T, &TrainingSettings::lrDecay,
            oneOf({"none", "linear", "inverse_sqrt", "exponential"}),
            "Learning-rate decay after warm-up"),
      field(t, "decay_steps", T, &TrainingSettings::decaySteps, ints(1),
            "Decay steps: linear reaches min_learning_rate after them, exponential applies "
            "decay_rate per them, inverse_sqrt starts after them"),
      field(t, "decay_rate", T, &TrainingSettings::decayRate, reals(0, 1, true),
            "exponential: factor applied to the learning rate every decay_steps"),
      field(t, "min_learning_rate", T, &TrainingSettings::minLearningRate, reals(0, kInf),
            "Floor of the decayed learning rate (end point of linear decay)"),
      field(t, "batch_size", T, &TrainingSettings::batchSize,
            oneOf({"fixed", "compounding", "auto", "auto_on_gpu"}),
            "Batch size: fixed (batch_words), compounding (batch_start up to batch_stop), auto "
            "(measured at the start: the fastest within memory_limit_mb; on a GPU the largest "
            "that fits) or auto_on_gpu (auto on a GPU, fixed on the CPU)"),
      field(t, "batch_words", T, &TrainingSettings::batchWords, ints(1),
            "fixed: words per batch (subwords with a transformer; a longer sentence makes a batch "
            "of its own); auto: the size chosen, as the run and model store it"),
      field(t, "batch_start", T, &TrainingSettings::batchStart, ints(1),
            "compounding: words per batch at the first step"),
      field(t, "batch_stop", T, &TrainingSettings::batchStop, ints(1),
            "compounding: largest batch in words"),
      field(t, "batch_compound", T, &TrainingSettings::batchCompound, reals(1, 10),
            "compounding: factor by which the batch grows each step"),
      field(t, "memory_limit_mb", T, &TrainingSettings::memoryLimitMb, ints(0),
            "auto: the most memory (MB) the process may use while training; 0 = 3/4 of the "
            "memory available at the start (on a GPU: the GPU's memory)"),
      field(t, "length_bucketing", T, &TrainingSettings::lengthBucketing, anyBool(),
            "Batch sentences of similar length together (less padding, faster)"),
      field(
          t, "accumulate_gradient", T, &TrainingSettings::accumulateGradient, ints(1),
          "Batches per optimizer step (their mean gradient): a larger batch in the memory of one"),
      field(t, "mixed_precision", T, &TrainingSettings::mixedPrecision,
            oneOf({"off", "bf16", "fp16"}),
            "bf16: forward pass in bfloat16 autocast (CRF, weights, gradients stay fp32); fp16: "
            "float16 autocast with dynamic loss scaling, CUDA only"),
      field(t, "prefetch", T, &TrainingSettings::prefetch, anyBool(),
            "Build the next batches' tensors on a second thread while one trains (same "
            "results)"),
      field(t, "eval_frequency", T, &TrainingSettings::evalFrequency, ints(1),
            "Evaluate on dev every this many steps"),
      field(t, "patience", T, &TrainingSettings::patience, ints(0),
            "Stop after this many evaluations without a better dev F1; 0 = off"),
      field(t, "max_steps", T, &TrainingSettings::maxSteps, ints(0),
            "Stop after this many steps; 0 = unlimited"),
      field(t, "max_epochs", T, &TrainingSettings::maxEpochs, ints(0),
            "Stop after this many passes over the training data; 0 = unlimited"),
      field(t, "max_minutes", T, &TrainingSettings::maxMinutes, reals(0, kInf),
            "Stop after this many minutes of wall-clock time; 0 = unlimited"),
      // [pretraining]
      field(p, "mask_rate", P, &PretrainingSettings::maskRate, reals(0, 1, true, true),
            "Share of tokens blanked out (word, affixes, shape, characters) and predicted"),
      field(p, "characters", P, &PretrainingSettings::characters, ints(1, 8),
            "Predict each blanked token's first and last N characters"),
      field(p, "learning_rate", P, &PretrainingSettings::learningRate, reals(0, 10, true),
            "Adam's learning rate"),
      field(p, "batch_words", P, &PretrainingSettings::batchWords, ints(1), "Words per batch"),
      field(p, "max_steps", P, &PretrainingSettings::maxSteps, ints(0),
            "Stop after this many steps; 0 = no limit"),
      field(p, "max_epochs", P, &PretrainingSettings::maxEpochs, ints(0),
            "Stop after this many passes over the text; 0 = no limit"),
      field(p, "max_minutes", P, &PretrainingSettings::maxMinutes, reals(0, kInf),
            "Stop after this long (wall clock; 0 = no limit)"),
      field(p, "checkpoint_every", P, &PretrainingSettings::checkpointEvery, ints(1),
            "Measure the held-out loss and write the weights every N steps"),
      // [data]
      field(d, "dev_fraction", D, &DataSettings::devFraction, reals(0, 0.5, true),
            "Share of a project's accepted documents held out as dev set"),
      field(d, "dev_seed", D, &DataSettings::devSeed, ints(0),
            "Seed of the train/dev split (kept apart from training.seed)"),
      field(d, "min_examples", D, &DataSettings::minExamples, ints(1),
            "Refuse to train on fewer training documents than this"),
      field(d, "calibration_share", D, &DataSettings::calibrationShare, reals(0, 0.9),
            "Share of the dev set (its last documents) that does not choose the best checkpoint "
            "but fits the temperature of the scores; 0 = the whole dev set does both"),
      // [device]
      field(v, "device", V, &DeviceSettings::device, deviceName(),
            "Where to train; auto picks the first CUDA GPU if there is one, else the CPU"),
      field(v, "threads", V, &DeviceSettings::threads, ints(0, 1024),
            "CPU threads for training; 0 = chosen by the trainer"),
      field(v, "processes", V, &DeviceSettings::processes, ints(0, 1024),
            "Data-parallel training processes on this machine; 0 = one per physical core "
            "(CPU) or per GPU (CUDA)"),
  };
}

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (const unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04X", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

}  // namespace

const std::vector<std::string>& configSections() {
  static const std::vector<std::string> sections = {"model", "training", "pretraining", "data",
                                                    "device"};
  return sections;
}

std::string sectionComment(std::string_view section) {
  if (section == "model") return "Network architecture: features, encoder, CRF tags.";
  if (section == "training") return "Optimiser, batching, evaluation and when to stop.";
  if (section == "pretraining")
    return "spanforge-cli pretrain: the embeddings and encoder on unlabelled text.";
  if (section == "data") return "Train/dev split of a project's accepted documents.";
  if (section == "device") return "Where training runs.";
  return {};
}

const std::vector<ConfigField>& configFields() {
  static const std::vector<ConfigField> fields = buildFields();
  return fields;
}

const ConfigField* findConfigField(std::string_view section, std::string_view key) {
  for (const ConfigField& f : configFields())
    if (f.section == section && f.key == key) return &f;
  return nullptr;
}

std::vector<RuleViolation> checkConfigRules(const TrainConfig& c) {
  std::vector<RuleViolation> out;
  const TrainingSettings& t = c.training;
  if (t.batchSize == "compounding" && t.batchStart > t.batchStop) {
    out.push_back({"training.batch_start",
                   "must not exceed batch_stop (" + std::to_string(t.batchStop) + ")"});
  }
  if (t.minLearningRate > t.learningRate) {
    out.push_back({"training.min_learning_rate",
                   "must not exceed learning_rate (" + formatValue(t.learningRate) + ")"});
  }
  if (t.patience == 0 && t.maxSteps == 0 && t.maxEpochs == 0 && t.maxMinutes == 0) {
    out.push_back({"training",
                   "training would never stop: set patience, max_steps, max_epochs or "
                   "max_minutes"});
  }
  if (c.model.encoder == "transformer" && c.model.transformer.empty())
    out.push_back(
        {"model.transformer", "names no model folder, which encoder = \"transformer\" needs"});
  if (c.model.encoder == "transformer" && !c.model.vectors.empty())
    out.push_back({"model.vectors", "is not used with encoder = \"transformer\"; set it to \"\""});
  if (c.model.encoder == "transformer" && !c.model.pretrained.empty())
    out.push_back({"model.pretrained",
                   "is for the bilstm and cnn encoders; a transformer starts from its folder's "
                   "weights"});
  if (c.model.window > 0 && c.model.window < 3)
    out.push_back(
        {"model.window", "must be 0 or at least 3 (the start and end tokens and one more)"});
  else if (c.model.window > 0 && c.model.stride > c.model.window - 2)
    out.push_back({"model.stride",
                   "must not exceed window - 2 (" + std::to_string(c.model.window - 2) + ")"});
  if (c.model.lmLoss > 0 && c.model.encoder != "bilstm")
    out.push_back(
        {"model.lm_loss", "needs encoder = \"bilstm\" (got \"" + c.model.encoder + "\")"});
  else if (c.model.lmLoss > 0 && c.model.layers != 1)
    out.push_back(
        {"model.lm_loss", "needs layers = 1 (got " + std::to_string(c.model.layers) + ")"});
  const PretrainingSettings& p = c.pretraining;
  if (p.maxSteps == 0 && p.maxEpochs == 0 && p.maxMinutes == 0) {
    out.push_back(
        {"pretraining", "pretraining would never stop: set max_steps, max_epochs or max_minutes"});
  }
  return out;
}

std::string formatValue(const ConfigValue& value) {
  if (const auto* i = std::get_if<int64_t>(&value)) return std::to_string(*i);
  if (const auto* b = std::get_if<bool>(&value)) return *b ? "true" : "false";
  if (const auto* s = std::get_if<std::string>(&value)) return quote(*s);
  const double x = std::get<double>(value);
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  // Shortest text that parses back to the same double, so configs round-trip.
  char buf[64];
  const auto res = std::to_chars(buf, buf + sizeof buf, x);
  std::string out(buf, res.ptr);
  if (out.find_first_of(".e") == std::string::npos) out += ".0";
  return out;
}

}  // namespace spanforge::train
