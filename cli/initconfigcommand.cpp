#include "cli/initconfigcommand.h"

#include "io/inputerror.h"
#include "io/outputtarget.h"
#include "model/vectors.h"
#include "train/config/tomlconfig.h"
#include "train/config/trainconfig.h"
#include "train/config/transformerrecipe.h"
#include "train/config/vectorsrecipe.h"
#include "transformer/modelfolder.h"

#include <CLI/CLI.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>

namespace spanforge::cli {

CLI::App* InitConfigCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "init-config", "Write a training config with every setting, its default and a comment.");
  cmd->add_option("OUT", out_, "Config file to write (default: print to stdout)");
  cmd->add_option("--preset", preset_, "Start from a preset")
      ->check(CLI::IsMember({"default", "fast", "accurate"}));
  cmd->add_option("--vectors", vectors_,
                  "Pretrained word vectors (GloVe/word2vec/fastText text, may be .gz): the "
                  "settings recommended with vectors, and model.vectors as an absolute path");
  cmd->add_option("--transformer", transformer_,
                  "A Hugging Face model folder to fine-tune (checked first): "
                  "model.encoder = \"transformer\" and model.transformer as an absolute path")
      ->excludes("--vectors");
  cmd->add_flag("--force", force_, "Overwrite OUT if it exists");
  return cmd;
}

int InitConfigCommand::run(Console& console) {
  if (!out_.empty()) {  // never the file or folder it reads, even with --force
    const io::OutputTarget target(out_, "OUT");
    if (!vectors_.empty()) target.notFile(vectors_, "the vectors");
    if (!transformer_.empty()) target.notInFolder(transformer_, "the transformer model folder");
  }
  auto config = train::presetConfig(preset_).value_or(train::TrainConfig{});
  if (!vectors_.empty()) {
    // Read once here: a file training could not use fails now, naming its line.
    const auto vectors = model::Vectors::load(vectors_);
    train::applyVectorsRecipe(config, std::filesystem::absolute(vectors_).lexically_normal());
    console.err << "Vectors: " << vectors.size() << " words x " << vectors.dim()
                << " dimensions from " << config.model.vectors << "\n";
  }
  if (!transformer_.empty()) {
    // Checked whole here (config, every tensor, the tokenizer), not at Train.
    transformer::ModelFolderInfo info;
    try {
      info = transformer::inspectModelFolder(transformer_);
    } catch (const std::runtime_error& e) {  // it names the folder or file
      throw io::InputError("--transformer", 0, "", e.what());
    }
    train::applyTransformerRecipe(
        config, std::filesystem::absolute(transformer_).lexically_normal().string());
    console.err << "Transformer: " << info.summary() << "\n";
  }
  const std::string toml = train::toToml(config);
  if (out_.empty()) {
    console.out << toml;
    return kOk;
  }
  if (std::filesystem::exists(out_) && !force_) {
    throw io::InputError(out_, 0, "", "already exists; use --force to overwrite it");
  }
  // --force replaces a config, never a project (nor any other SQLite file).
  char head[16] = {};
  std::ifstream existing(out_, std::ios::binary);
  if (existing.read(head, sizeof head) && std::memcmp(head, "SQLite format 3", 16) == 0)
    throw io::InputError(out_, 0, "",
                         "is a project (an SQLite database), not a config; nothing was written");
  std::ofstream file(out_, std::ios::binary | std::ios::trunc);
  file << toml;
  if (!file.flush()) throw io::InputError(out_, 0, "", "cannot write the config");
  console.err << "Wrote " << out_ << " (" << preset_ << " settings"
              << (vectors_.empty() ? "" : ", with vectors")
              << (transformer_.empty() ? "" : ", fine-tuning a transformer") << ").\n";
  return kOk;
}

}  // namespace spanforge::cli
