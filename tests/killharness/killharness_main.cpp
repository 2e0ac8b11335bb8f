// spanforge-killharness: SIGKILLs real work on a project at random moments and
// checks the project after each kill. See killharness.h and README.md.
#include "childprocess.h"
#include "killharness.h"

#include <exception>
#include <iostream>
#include <sstream>
#include <string>

namespace {

int usage() {
  std::cerr << "usage: spanforge-killharness --project-dir D [--kills N] [--seed S]\n"
               "         [--workloads label,import,export,train,rank] [--import-docs N]\n"
               "         [--max-docs N] [--fresh] [--verbose] [--cli PATH] [--label-driver PATH]\n"
               "D holds the project and everything the runs write; --fresh starts it anew.\n";
  return 64;
}

}  // namespace

int main(int argc, char** argv) {
  spanforge::killharness::KillHarness::Options o;
  o.cli = SPANFORGE_CLI_PATH;
  o.driver = SPANFORGE_LABELDRIVER_PATH;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string k = argv[i];
      if (k == "--fresh") {
        o.fresh = true;
        continue;
      }
      if (k == "--verbose") {
        o.verbose = true;
        continue;
      }
      if (i + 1 >= argc) return usage();
      const std::string v = argv[++i];
      if (k == "--project-dir")
        o.dir = v;
      else if (k == "--kills")
        o.kills = std::stoi(v);
      else if (k == "--seed")
        o.seed = std::stoull(v);
      else if (k == "--import-docs")
        o.importDocs = std::stoll(v);
      else if (k == "--max-docs")
        o.maxDocs = std::stoll(v);
      else if (k == "--cli")
        o.cli = v;
      else if (k == "--label-driver")
        o.driver = v;
      else if (k == "--workloads") {
        o.workloads.clear();
        std::stringstream s(v);
        for (std::string w; std::getline(s, w, ',');) o.workloads.push_back(w);
      } else {
        return usage();
      }
    }
    if (o.dir.empty() || o.kills <= 0 || o.workloads.empty()) return usage();
    spanforge::killharness::ChildProcess::killChildOnTermination();
    return spanforge::killharness::KillHarness(o).run();
  } catch (const std::exception& e) {
    std::cerr << "spanforge-killharness: " << e.what() << "\n";
    return 2;
  }
}
