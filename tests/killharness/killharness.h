#pragma once

#include "harnesspaths.h"
#include "harnessreport.h"

#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace spanforge::killharness {

class ProjectVerifier;
struct ProjectSnapshot;

// spanforge-killharness: starts one workload at a time on a project (the
// label driver, or spanforge-cli import / export / train / rank), SIGKILLs it
// after a random time, and checks the project (ProjectVerifier) until `kills`
// kills are done; then one training run that is not killed, which must leave
// no stale temporary package directory. Prints a summary; exit code 1 when
// any check failed.
class KillHarness {
 public:
  struct Options {
    std::string dir;
    int kills = 20;
    uint64_t seed = 1;
    std::vector<std::string> workloads{"label", "import", "export", "train", "rank"};
    int64_t importDocs = 20000;
    int64_t maxDocs = 400000;  // start a new project beyond this many documents
    std::string cli, driver;
    bool fresh = false;
    bool verbose = false;
  };

  explicit KillHarness(Options options);
  int run();

 private:
  struct Launch {
    std::vector<std::string> argv;
    int delayMs = 0;  // when to kill it; -1: never (a run that times the workload)
    // Kill as soon as a new temporary package directory shows up here (the
    // package is being written), or at delayMs at the latest.
    std::string watchDir;
    // Label driver: after delayMs, kill as soon as the next intent line is seen
    // (an action is running): random times mostly land between actions.
    bool midAction = false;
  };

  void prepare();
  void createProject();
  void runOne(int run, const std::string& workload);
  Launch launch(const std::string& workload, int run);
  void verify(const std::string& workload, const ProjectSnapshot& before, bool completed,
              int exitCode, const std::set<std::string>& staleCli,
              const std::set<std::string>& staleGui, const std::string& packageBefore);
  // A CLI training run to the end: the package rank needs, and the final check.
  bool trainToEnd(int run, const std::string& as);
  void keepFailure(int run, int64_t failuresBefore);
  int randomDelay(const std::string& workload);
  // How long spanforge-cli takes to start (it loads libtorch) before doing anything.
  void measureStartup();

  Options options_;
  HarnessPaths paths_;
  HarnessReport report_;
  std::mt19937_64 rng_;
  int64_t baseDocs_ = 0;
  int labelRuns_ = 0;
  std::map<std::string, double> typicalMs_;  // how long a run takes when not killed (ms)
  std::map<std::string, int> runsOf_;
  double startupMs_ = 700;
};

}  // namespace spanforge::killharness
