#include "project/demoproject.h"

#include "io/scratchdirectory.h"
#include "project/demodata.h"
#include "store/projectstore.h"
#include "store/storeerror.h"

#include <filesystem>
#include <fstream>

namespace spanforge::project {
namespace fs = std::filesystem;

namespace {

// Writes one embedded split to a temporary file so the ordinary CoNLL reader
// (with its line numbers and checks) imports it.
std::string writeSplit(const fs::path& dir, const char* name, std::string_view data) {
  const fs::path p = dir / name;
  std::ofstream out(p, std::ios::binary);
  out.write(data.data(), static_cast<std::streamsize>(data.size()));
  if (!out) throw store::StoreError("cannot write demo data to " + p.string());
  return p.string();
}

}  // namespace

const char* demoAttribution() {
  return "Demo data: WNUT-17 Emerging and Rare Entities (Derczynski, Nichols, van Erp, "
         "Limsopatham 2017), CC BY 4.0.";
}

ImportReport createDemoProject(const std::string& path, const Importer::ProgressFn& progress) {
  io::ScratchDirectory scratch("spanforge-demo-");
  const std::string train = writeSplit(scratch.path(), "wnut17-train.conll", demoTrainData());
  const std::string dev = writeSplit(scratch.path(), "wnut17-dev.conll", demoDevData());
  const std::string test = writeSplit(scratch.path(), "wnut17-test.conll", demoTestData());

  auto project = store::ProjectStore::create(path);
  Importer importer(*project);
  ImportOptions gold;
  gold.format = io::Format::Conll;
  gold.scheme = io::TagScheme::Iob2;
  gold.split = store::Split::Train;
  gold.status = text::DocStatus::Accepted;
  ImportReport report = importer.run({train}, gold, progress);

  ImportOptions pool = gold;
  pool.split = store::Split::None;
  pool.status = text::DocStatus::Unlabelled;
  pool.dropSpans = true;
  const ImportReport rest = importer.run({dev, test}, pool, progress);

  if (!report.committed || !rest.committed) {
    project.reset();
    fs::remove(path);
    throw store::StoreError(std::string("the built-in demo data failed to import: ") +
                            (report.errors.empty() ? rest.errors : report.errors).front().what());
  }
  report.imported += rest.imported;
  report.duplicates += rest.duplicates;
  return report;
}

}  // namespace spanforge::project
