#include "tempdir.h"
#include "train/config/configerror.h"
#include "train/config/configschema.h"
#include "train/config/tomlconfig.h"
#include "train/config/trainconfig.h"
#include "train/config/vectorsrecipe.h"

#include "catchapi.h"

#include <fstream>
#include <set>
#include <sstream>

using namespace spanforge::train;

namespace {

// A value different from `v` that the field's own check still accepts.
ConfigValue otherValue(const ConfigField& f, const ConfigValue& v) {
  switch (f.type) {
    case ValueType::Integer: {
      const int64_t x = std::get<int64_t>(v);
      for (int64_t d : {2, -2, 1, -1}) {
        if (f.accepts(ConfigValue(x + d))) return x + d;
      }
      break;
    }
    case ValueType::Float: {
      const double x = std::get<double>(v);
      for (double c : {x * 0.75, x + 0.1, x - 0.1, 0.3}) {
        if (c != x && f.accepts(ConfigValue(c))) return c;
      }
      break;
    }
    case ValueType::Boolean:
      return !std::get<bool>(v);
    case ValueType::String:
      for (const char* s :
           {"cnn", "bilstm", "iob2", "sgd", "adam", "linear", "compounding", "cpu", "cuda:1",
            "bf16", "norm shape", "mean", "input", "vectors/glove \"6B\" \\ 100d.txt.gz"}) {
        if (std::get<std::string>(v) != s && f.accepts(ConfigValue(std::string(s)))) {
          return std::string(s);
        }
      }
      break;
  }
  FAIL("no other value for " << f.name());
  return v;
}

std::string configErrorOf(const std::string& toml) {
  try {
    fromToml(toml, "config.toml");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("defaults and presets are valid and differ") {
  REQUIRE_NOTHROW(validateConfig(defaultConfig()));
  REQUIRE_NOTHROW(validateConfig(fastPreset()));
  REQUIRE_NOTHROW(validateConfig(accuratePreset()));
  CHECK(defaultConfig() == TrainConfig{});
  CHECK(fastPreset().model.encoder == "cnn");
  CHECK(accuratePreset().model.encoder == "bilstm");
  CHECK(fastPreset().model.wordDim < defaultConfig().model.wordDim);
  // accurate: the default network, only more patient.
  TrainConfig patient = defaultConfig();
  patient.training.patience = accuratePreset().training.patience;
  CHECK(accuratePreset() == patient);
  CHECK(accuratePreset().training.patience > defaultConfig().training.patience);
  CHECK(fastPreset() != defaultConfig());
  CHECK(accuratePreset() != defaultConfig());
  for (const std::string& name : presetNames()) CHECK(presetConfig(name));
  CHECK(*presetConfig("fast") == fastPreset());
  CHECK_FALSE(presetConfig("turbo"));
}

TEST_CASE("every ModelConfig field is in the schema") {
  // A new ModelConfig field changes its size: add it to configschema.cpp and
  // to the comparison in trainconfig.cpp, then update this number.
  CHECK(sizeof(spanforge::model::ModelConfig) == 520);
  std::set<std::string> model;
  for (const ConfigField& f : configFields())
    if (f.section == "model") model.insert(f.key);
  CHECK(model.size() == 38);
}

TEST_CASE("each setting changes the config, is compared and round-trips") {
  std::set<std::string> names;
  for (const ConfigField& f : configFields()) {
    INFO(f.name());
    CHECK(names.insert(f.name()).second);  // no duplicates
    CHECK(!f.comment.empty());
    TrainConfig c = defaultConfig();
    REQUIRE(f.accepts(f.get(c)));  // defaults pass their own checks
    f.set(c, otherValue(f, f.get(c)));
    CHECK(c != defaultConfig());
    if (!checkConfigRules(c).empty()) continue;  // e.g. batch_start above batch_stop
    CHECK(fromToml(toToml(c), "x.toml") == c);
  }
  CHECK(names.size() == configFields().size());
}

TEST_CASE("toToml round-trips defaults, presets and awkward values") {
  for (const TrainConfig& c : {defaultConfig(), fastPreset(), accuratePreset()}) {
    CHECK(fromToml(toToml(c), "x.toml") == c);
  }
  TrainConfig c;
  c.training.learningRate = 0.1 + 0.2;  // not exactly 0.3
  c.training.eps = 1e-12;
  c.training.beta2 = 0.9999999999999999;
  c.training.maxMinutes = 90;
  c.training.seed = 9007199254740993;  // beyond double precision
  c.model.vectors = "C:\\vec\\\"glove\".txt\t\xc3\xa9";
  const std::string toml = toToml(c);
  CHECK(fromToml(toml, "x.toml") == c);
  CHECK(toml.find("max_minutes = 90.0\n") != std::string::npos);
  CHECK(toml.find("eps = 1e-12\n") != std::string::npos);
}

TEST_CASE("toToml writes every key under a comment, sections in order") {
  const std::string toml = toToml(defaultConfig());
  std::istringstream in(toml);
  std::string line, previous, section;
  std::vector<std::string> sections;
  std::set<std::string> keys;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] == '[') {
      section = line.substr(1, line.size() - 2);
      sections.push_back(section);
    } else if (!line.empty() && line[0] != '#') {
      const std::string key = line.substr(0, line.find(" = "));
      INFO(line);
      CHECK(previous.rfind("# ", 0) == 0);             // a comment right above
      CHECK(previous.find('[') != std::string::npos);  // with the allowed values
      keys.insert(section + "." + key);
    }
    previous = line;
  }
  CHECK(sections == std::vector<std::string>{"model", "training", "pretraining", "data", "device"});
  CHECK(keys.size() == configFields().size());
  CHECK(toml.find("# Optimizer: SGD with momentum, or Adam [one of \"adam\", \"sgd\"]\noptimizer = "
                  "\"sgd\"\n") != std::string::npos);
  CHECK(toml.find("learning_rate = 0.03\n") != std::string::npos);
  CHECK(toml.find("device = \"auto\"\n") != std::string::npos);
}

TEST_CASE("missing keys take their defaults") {
  CHECK(fromToml("", "x.toml") == defaultConfig());
  const TrainConfig c = fromToml(
      "[training]\nlearning_rate = 0.01\noptimizer = 'sgd'\n[model]\nencoder = 'cnn'\n", "x.toml");
  TrainConfig expected;
  expected.training.learningRate = 0.01;
  expected.training.optimizer = "sgd";
  expected.model.encoder = "cnn";
  CHECK(c == expected);
  // Another base for missing keys, e.g. a preset.
  CHECK(fromToml("[device]\nthreads = 1\n", "x.toml", fastPreset()).model.encoder == "cnn");
  // An integer is fine where a number is expected; dotted keys work.
  CHECK(fromToml("training.grad_clip = 1", "x.toml").training.gradClip == 1.0);
}

TEST_CASE("syntax errors name the file and line") {
  const std::string e = configErrorOf("[training]\nseed = 1\nlearning_rate = = 2\n");
  CHECK(e.rfind("config.toml:3: ", 0) == 0);
  CHECK_THROWS_AS(fromToml("[model\n", "c.toml"), ConfigError);
}

TEST_CASE("unknown keys and sections are rejected with a suggestion") {
  const std::string toml =
      "[training]\nseed = 1\n\n" + std::string(7, '\n') + "batch_words = 500\nlearnig_rate = 0.1\n";
  CHECK(configErrorOf(toml) ==
        "config.toml:12: training.learnig_rate: unknown key (did you mean learning_rate?)");
  CHECK(configErrorOf("[trainig]\nseed = 1\n") ==
        "config.toml:1: trainig: unknown section (did you mean training?)");
  CHECK(configErrorOf("[optimizer]\n") ==
        "config.toml:1: optimizer: unknown section (sections are model, training, data, "
        "device)");
  CHECK(configErrorOf("[training]\ndropout = 0.1\n") ==
        "config.toml:2: training.dropout: unknown key (it belongs in [model])");
  CHECK(configErrorOf("[training]\nfoo = 1\n") == "config.toml:2: training.foo: unknown key");
  CHECK(configErrorOf("seed = 3\n") ==
        "config.toml:1: seed: unknown key (settings belong in a section: did you mean "
        "training.seed?)");
  CHECK(configErrorOf("model = 3\n") ==
        "config.toml:1: model: expected a table ([model]), got an "
        "integer");
  CHECK(configErrorOf("[model.extra]\nx = 1\n") == "config.toml:1: model.extra: unknown key");
}

TEST_CASE("values of the wrong type are rejected") {
  CHECK(configErrorOf("[model]\nhidden = \"128\"\n") ==
        "config.toml:2: model.hidden: expected an integer, got a string");
  CHECK(configErrorOf("[model]\nhidden = 128.0\n") ==
        "config.toml:2: model.hidden: expected an integer, got a floating-point number");
  CHECK(configErrorOf("[model]\ndropout = true\n") ==
        "config.toml:2: model.dropout: expected a number, got a boolean");
  CHECK(configErrorOf("[training]\nlength_bucketing = 1\n") ==
        "config.toml:2: training.length_bucketing: expected true or false, got an integer");
  CHECK(configErrorOf("[device]\ndevice = [\"cpu\"]\n") ==
        "config.toml:2: device.device: expected a string, got an array");
}

TEST_CASE("values out of range or not allowed are rejected") {
  CHECK(configErrorOf("[training]\nlearning_rate = -0.1\n") ==
        "config.toml:2: training.learning_rate: must be a number > 0 and <= 10 (got -0.1)");
  CHECK(configErrorOf("[model]\nhash_seeds = 9\n") ==
        "config.toml:2: model.hash_seeds: must be an integer from 1 to 8 (got 9)");
  CHECK(configErrorOf("[model]\ncnn_kernel = 4\n") ==
        "config.toml:2: model.cnn_kernel: must be an odd integer from 1 to 15 (got 4)");
  CHECK(configErrorOf("[model]\ndropout = 1.0\n") ==
        "config.toml:2: model.dropout: must be a number >= 0 and < 1 (got 1.0)");
  CHECK(configErrorOf("[data]\ndev_fraction = 0.6\n") ==
        "config.toml:2: data.dev_fraction: must be a number > 0 and <= 0.5 (got 0.6)");
  CHECK(configErrorOf("[training]\nmax_minutes = nan\n") ==
        "config.toml:2: training.max_minutes: must be a number >= 0 (got nan)");
  CHECK(configErrorOf("[training]\noptimizer = \"adamw\"\n") ==
        "config.toml:2: training.optimizer: must be one of \"adam\", \"sgd\" (got \"adamw\")");
  CHECK(configErrorOf("[training]\nseed = -1\n") ==
        "config.toml:2: training.seed: must be an integer >= 0 (got -1)");
  CHECK(configErrorOf("[model]\nchar_encoder = \"rnn\"\n") ==
        "config.toml:2: model.char_encoder: must be one of \"cnn\", \"bilstm\" (got \"rnn\")");
  for (const char* bad : {"norm, lemma", "norm norm", " , "}) {
    INFO(bad);
    CHECK(configErrorOf(std::string("[model]\nword_features = \"") + bad + "\"\n") ==
          std::string("config.toml:2: model.word_features: must be names from \"norm prefix "
                      "suffix shape\", each at most once (got \"") +
              bad + "\")");
  }
  CHECK(fromToml("[model]\nword_features = \"shape,norm\"\n", "x.toml").model.wordFeatures ==
        "shape,norm");
}

TEST_CASE("device names follow auto, cpu, cuda or cuda:N") {
  for (const char* ok : {"auto", "cpu", "cuda", "cuda:0", "cuda:12"}) {
    INFO(ok);
    CHECK(fromToml(std::string("[device]\ndevice = \"") + ok + "\"\n", "x").device.device == ok);
  }
  for (const char* bad : {"gpu", "CUDA", "cuda:", "cuda:x", "cuda:01", "cuda:1 ", "cpu:0"}) {
    INFO(bad);
    CHECK(configErrorOf(std::string("[device]\ndevice = \"") + bad + "\"\n")
              .find("device.device: must be \"auto\", \"cpu\", \"cuda\" or \"cuda:N\"") !=
          std::string::npos);
  }
}

TEST_CASE("rules between settings are checked") {
  CHECK(configErrorOf("[training]\nbatch_size = \"compounding\"\nbatch_start = 2000\n") ==
        "config.toml:3: training.batch_start: must not exceed batch_stop (1000)");
  // Irrelevant while the batch size is fixed.
  CHECK_NOTHROW(fromToml("[training]\nbatch_start = 2000\n", "x"));
  CHECK(configErrorOf("[training]\npatience = 0\nmax_steps = 0\n") ==
        "config.toml:1: training: training would never stop: set patience, max_steps, "
        "max_epochs or max_minutes");
  CHECK(configErrorOf("[training]\nmin_learning_rate = 0.05\n") ==
        "config.toml:2: training.min_learning_rate: must not exceed learning_rate (0.03)");
  CHECK(configErrorOf("[model]\nencoder = \"cnn\"\nlm_loss = 0.1\n") ==
        "config.toml:3: model.lm_loss: needs encoder = \"bilstm\" (got \"cnn\")");
  CHECK(configErrorOf("[model]\nlm_loss = 0.1\nlayers = 2\n") ==
        "config.toml:2: model.lm_loss: needs layers = 1 (got 2)");
}

TEST_CASE("every problem is reported, in file order") {
  try {
    fromToml("[training]\nseed = -1\nfoo = 2\n[model]\nhidden = 'x'\n", "c.toml");
    FAIL("no error");
  } catch (const ConfigError& e) {
    REQUIRE(e.issues().size() == 3);
    CHECK(e.line() == 2);
    CHECK(e.key() == "training.seed");
    CHECK(e.file() == "c.toml");
    CHECK(e.issues()[1].key == "training.foo");
    CHECK(e.issues()[2].line == 5);
    CHECK(std::string(e.what()).find("\nc.toml:3: training.foo: unknown key") != std::string::npos);
  }
}

TEST_CASE("validateConfig checks a config changed in code") {
  TrainConfig c;
  c.device.device = "gpu0";
  c.device.threads = -1;
  try {
    validateConfig(c, "--device");
    FAIL("no error");
  } catch (const ConfigError& e) {
    REQUIRE(e.issues().size() == 2);
    CHECK(e.issues()[0].toString().rfind("--device: device.device: must be", 0) == 0);
    CHECK(e.issues()[1].key == "device.threads");
  }
}

TEST_CASE("loadConfigFile reads a file and names it in errors") {
  spanforge::testing::TempDir dir;
  const std::string path = dir.file("config.toml");
  std::ofstream(path) << toToml(accuratePreset());
  CHECK(loadConfigFile(path) == accuratePreset());
  std::ofstream(path) << "[model]\nlayers = 0\n";
  try {
    loadConfigFile(path);
    FAIL("no error");
  } catch (const ConfigError& e) {
    CHECK(std::string(e.what()).rfind(path + ":2: model.layers: must be", 0) == 0);
  }
  CHECK_THROWS_WITH(loadConfigFile(dir.file("missing.toml")),
                    ContainsSubstring("missing.toml: cannot open"));
  // A vectors file that is not there is found at once, with its line.
  std::ofstream(path) << "[training]\nmax_epochs = 3\n\n[model]\nvectors = \"" +
                             dir.file("gone.vec") + "\"\n";
  CHECK_THROWS_WITH(loadConfigFile(path),
                    StartsWith(path + ":5: model.vectors: cannot open the vectors file") &&
                        ContainsSubstring("gone.vec\": No such file"));
}

TEST_CASE("the benchmark's baseline config loads and is what it says") {
  // bench/configs/lample2016.toml is read by the benchmarks only; keep it valid.
  const TrainConfig c =
      loadConfigFile(std::string(SPANFORGE_BENCH_CONFIGS_DIR) + "/lample2016.toml");
  CHECK(c.model.wordFeatures == "norm");
  CHECK(c.model.charEncoder == "bilstm");
  CHECK(c.model.charHidden == 25);
  CHECK(c.model.hidden == 100);
  CHECK(c.model.dropout == 0.5);
  CHECK(c.training.optimizer == "sgd");
  CHECK(c.training.momentum == 0.0);
  CHECK(c.training.learningRate == 0.01);
  CHECK(c.training.batchWords == 1);
}

TEST_CASE("the vectors recipe sets dropout 0.5 where it is at its default, None takes it back") {
  TrainConfig c = defaultConfig();
  REQUIRE(c.model.dropout == 0.3);
  applyVectorsRecipe(c, "/v/glove.txt");
  CHECK(c.model.vectors == "/v/glove.txt");
  CHECK(c.model.dropout == 0.5);
  CHECK_NOTHROW(validateConfig(c, "test"));
  removeVectorsRecipe(c);
  CHECK(c == defaultConfig());

  // A dropout someone chose stays, both ways.
  c.model.dropout = 0.4;
  applyVectorsRecipe(c, "/v/glove.txt");
  CHECK(c.model.dropout == 0.4);
  removeVectorsRecipe(c);
  CHECK(c.model.vectors.empty());
  CHECK(c.model.dropout == 0.4);
}
