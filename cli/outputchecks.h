#pragma once

#include <string>
#include <utility>
#include <vector>

namespace spanforge::cli {

// What a command writes, checked against what it reads before anything is
// opened for writing (io::OutputTarget): no command line may make a command
// destroy its own input or the project. Each throws io::InputError naming
// both paths.
class OutputChecks {
 public:
  // Paths read, each with what it is ("the config"); empty paths are skipped.
  using Inputs = std::vector<std::pair<std::string, std::string>>;

  // A folder replaced as a whole (a model package, a pretrain folder) must
  // not be or hold the project or an input. Its own config.toml is exempt:
  // training again from it rewrites it with the settings it was read with.
  static void folder(const std::string& folder, const std::string& option,
                     const std::string& project, const Inputs& inputs);

  // A file must not be the project (or its -wal, -shm, -journal), an input,
  // or a file in one of `folders` (model packages read); and must not lie in
  // `replaced`, a folder another output replaces as a whole ("" = none).
  static void file(const std::string& file, const std::string& option, const std::string& project,
                   const Inputs& inputs, const Inputs& folders = {},
                   const std::string& replaced = {});
};

}  // namespace spanforge::cli
