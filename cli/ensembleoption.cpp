#include "cli/ensembleoption.h"

#include <CLI/CLI.hpp>

namespace spanforge::cli {

CLI::Option* addEnsembleOption(CLI::App& cmd, std::vector<std::string>& members) {
  return cmd
      .add_option("--with", members,
                  "Another seed's package, trained on the same data (repeatable): an ensemble "
                  "whose scores are averaged before decoding")
      ->check(CLI::ExistingDirectory)
      // One directory per --with: it must not swallow the positional arguments.
      ->expected(1)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

}  // namespace spanforge::cli
