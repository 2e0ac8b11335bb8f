#include "train/package/modelexport.h"

#include "train/package/atomicdirectory.h"
#include "train/package/modelcard.h"
#include "train/package/modelpackage.h"
#include "train/package/modelpackageerror.h"
#include "train/package/packagefiles.h"

#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace spanforge::train {
namespace {

namespace fs = std::filesystem;

}  // namespace

void ModelExport::run(const std::string& package, const std::string& target) {
  const PackageInfo info = ModelPackage::readInfo(package);
  std::error_code ec;
  if (fs::equivalent(package, target, ec))
    throw ModelPackageError(target, "is the model package itself; choose another folder");
  ModelPackage::checkReplaceable(target);
  AtomicDirectory out(target);
  for (const auto& entry : fs::directory_iterator(package)) {
    if (!entry.is_regular_file()) continue;
    const std::string name = entry.path().filename().string();
    if (name == ModelCard::kFileName) continue;  // written fresh below
    fs::copy_file(entry.path(), out.file(name), ec);
    if (ec) throw ModelPackageError(entry.path().string(), "cannot copy: " + ec.message());
  }
  const std::string config =
      PackageFiles::readText((fs::path(package) / ModelPackage::kConfigFile).string());
  std::ofstream card(out.file(ModelCard::kFileName), std::ios::binary);
  card << ModelCard::markdown(info, config, PackageFiles::nowUtc());
  card.close();
  if (!card) throw ModelPackageError(out.file(ModelCard::kFileName), "cannot be written");
  out.commit();
}

}  // namespace spanforge::train
