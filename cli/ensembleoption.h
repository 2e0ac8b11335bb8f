#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace spanforge::cli {

// --with MODEL_DIR (repeatable) of evaluate, predict, rank and serve: the
// packages of other seeds, trained on the same data, pooled with MODEL_DIR
// (train::EnsembleLoader).
CLI::Option* addEnsembleOption(CLI::App& cmd, std::vector<std::string>& members);

}  // namespace spanforge::cli
