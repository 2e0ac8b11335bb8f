#include "cli/outputchecks.h"

#include "io/outputtarget.h"
#include "train/package/modelpackage.h"

#include <filesystem>

namespace spanforge::cli {

void OutputChecks::folder(const std::string& folder, const std::string& option,
                          const std::string& project, const Inputs& inputs) {
  const io::OutputTarget target(folder, option);
  if (!project.empty()) target.notHolding(project, "the project");
  for (const auto& [path, what] : inputs) {
    const std::filesystem::path p(path);
    if (path.empty() || (p.filename() == train::ModelPackage::kConfigFile &&
                         io::OutputTarget::sameFile(p.parent_path().string(), folder)))
      continue;
    target.notHolding(path, what);
  }
}

void OutputChecks::file(const std::string& file, const std::string& option,
                        const std::string& project, const Inputs& inputs, const Inputs& folders,
                        const std::string& replaced) {
  const io::OutputTarget target(file, option);
  if (!project.empty()) target.notProject(project);
  for (const auto& [path, what] : inputs)
    if (!path.empty()) target.notFile(path, what);
  for (const auto& [path, what] : folders)
    if (!path.empty()) target.notInFolder(path, what);
  if (!replaced.empty()) target.notWithin(replaced, "the output folder");
}

}  // namespace spanforge::cli
