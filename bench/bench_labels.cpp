// Label creation speed (issue #31): `import --add-labels` of a JSONL file in
// which every record brings one new label, for 10k, 20k and 40k labels. Before
// the fix each new label read every label's colour (9.5 s, 32 s, 126 s: quadratic);
// now the times grow with the number of labels. Prints seconds and labels/s.
//   bench_labels [N ...]   (default: 10000 20000 40000)
#include "io/removetree.h"
#include "project/importer.h"
#include "store/projectstore.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using spanforge::project::Importer;
using spanforge::project::ImportOptions;

namespace {

void run(int labels) {
  const fs::path dir = fs::temp_directory_path() / "sf-bench-labels";
  fs::create_directories(dir);
  const fs::path data = dir / "labels.jsonl";
  {
    std::ofstream out(data);
    for (int i = 0; i < labels; ++i) {
      out << R"({"text":"Entity )" << i << R"( here","spans":[{"start":0,"end":6,"label":"L)" << i
          << "\"}]}\n";
    }
  }
  const fs::path proj = dir / "labels.sfproj";
  for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(proj.string() + suffix);
  auto project = spanforge::store::ProjectStore::create(proj.string());
  ImportOptions opts;
  opts.addLabels = true;
  const auto t0 = std::chrono::steady_clock::now();
  const auto report = Importer(*project).run({data.string()}, opts);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%7d new labels: %7.2f s (%8.0f labels/s), %zu labels in the project\n", labels, secs,
              labels / secs, project->labels().all().size());
  if (!report.committed) std::printf("  import was refused!\n");
  project.reset();
  spanforge::io::removeTree(dir);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes;
  for (int i = 1; i < argc; ++i) sizes.push_back(std::atoi(argv[i]));
  if (sizes.empty()) sizes = {10000, 20000, 40000};
  for (const int n : sizes) run(n);
  return 0;
}
