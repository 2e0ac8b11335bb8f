#include "killharness.h"

#include "childprocess.h"
#include "io/removetree.h"
#include "journalreader.h"
#include "killtrigger.h"
#include "projectbuilder.h"
#include "projectsnapshot.h"
#include "projectverifier.h"
#include "store/projectstore.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace spanforge::killharness {
namespace fs = std::filesystem;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

constexpr int kAccepted = 60, kPool = 140;  // the documents the driver labels
constexpr int kCliSteps = 60, kGuiSteps = 20;

}  // namespace

KillHarness::KillHarness(Options options)
    : options_(std::move(options)), paths_(options_.dir), rng_(options_.seed) {}

int KillHarness::run() {
  const auto start = std::chrono::steady_clock::now();
  prepare();
  measureStartup();
  std::vector<std::string> order;
  int run = 0;
  // Runs that end before their kill do not count; give up after many.
  while (report_.kills() < options_.kills && run < options_.kills * 4 + 10) {
    if (order.empty()) {
      order = options_.workloads;
      std::shuffle(order.begin(), order.end(), rng_);
    }
    const std::string workload = order.back();
    order.pop_back();
    runOne(++run, workload);
  }
  // "After the next start": one run that is not killed cleans up after the others.
  const int64_t failuresBefore = report_.failures();
  const std::set<std::string> stale = ProjectVerifier::tempDirs(paths_.dir);
  if (trainToEnd(++run, "final")) {
    ProjectVerifier v(paths_, report_);
    v.staleTempDirs(paths_.dir, stale, "a finished CLI training run");
    if (v.open()) {
      v.packages();
      v.runs();
    }
  }
  keepFailure(run, failuresBefore);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  report_.print(std::cout, seconds);
  return report_.failures() == 0 && report_.kills() >= options_.kills ? 0 : 1;
}

void KillHarness::prepare() {
  if (options_.fresh && fs::exists(paths_.state)) spanforge::io::removeTree(paths_.dir);
  if (fs::exists(paths_.dir) && !fs::exists(paths_.state) && !fs::is_empty(paths_.dir))
    throw std::runtime_error(paths_.dir + " is not a kill harness directory (no " +
                             fs::path(paths_.state).filename().string() + "); refusing to use it");
  fs::create_directories(paths_.dir);
  if (fs::exists(paths_.state)) {
    std::ifstream(paths_.state) >> baseDocs_;
    const auto project = store::ProjectStore::open(paths_.project);
    if (baseDocs_ > 0 && project->documents().count({}) <= options_.maxDocs) return;
  }
  createProject();
}

// A new project: nothing of the old one is kept.
void KillHarness::createProject() {
  for (const auto& e : fs::directory_iterator(paths_.dir)) spanforge::io::removeTree(e.path());
  baseDocs_ = ProjectBuilder::create(paths_.project, kAccepted, kPool, options_.seed);
  ProjectBuilder::writeTrainConfig(paths_.trainConfig, kCliSteps);
  ProjectBuilder::writeTrainConfig(paths_.dir + "/tiny-gui.toml", kGuiSteps);
  std::ofstream(paths_.state) << baseDocs_ << "\n";
}

void KillHarness::measureStartup() {
  const auto t = std::chrono::steady_clock::now();
  ChildProcess child({options_.cli, "--version"}, paths_.log);
  child.waitFor(std::chrono::seconds(60));
  startupMs_ =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

int KillHarness::randomDelay(const std::string& workload) {
  if (workload == "label")  // the driver never ends: long enough for retraining rounds
    return std::uniform_int_distribution<int>(1000, 6500)(rng_);
  const auto typical = typicalMs_.find(workload);
  // The first run and every 8th is not killed, to time it (an export grows
  // with the project) and to check a run that ends well.
  if (typical == typicalMs_.end() || ++runsOf_[workload] % 8 == 0) return -1;
  // A few kills while the process starts (it loads libtorch), the rest while
  // it works or just after it ended (a run that finishes is checked too).
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double startup = std::min(startupMs_, 0.7 * typical->second);
  if (unit(rng_) < 0.1) return static_cast<int>(unit(rng_) * startup);
  return static_cast<int>(startup + unit(rng_) * 1.15 * (typical->second - startup));
}

KillHarness::Launch KillHarness::launch(const std::string& w, int run) {
  Launch l;
  l.delayMs = randomDelay(w);
  const std::string& cli = options_.cli;
  if (w == "label") {
    fs::remove(paths_.journal);
    const std::string seed = std::to_string(options_.seed * 1000 + static_cast<uint64_t>(run));
    l.argv = {options_.driver, "--project", paths_.project, "--journal", paths_.journal};
    l.argv.insert(l.argv.end(), {"--settings", paths_.settings, "--seed", seed});
    l.argv.insert(l.argv.end(), {"--docs", std::to_string(baseDocs_)});
    // Every other label run retrains in the background after 3 accepted
    // documents; half of those are killed while a round writes its package.
    if (labelRuns_++ % 2 == 1) {
      l.argv.insert(l.argv.end(),
                    {"--auto-retrain", "3", "--config", paths_.dir + "/tiny-gui.toml"});
      if (labelRuns_ % 4 == 0) {
        l.watchDir = paths_.guiModels;
        l.delayMs = 9000;
      }
    } else {
      l.midAction = labelRuns_ % 4 == 1;
    }
  } else if (w == "import") {
    const std::string tag = std::to_string(options_.seed) + "-" + std::to_string(run);
    ProjectBuilder::writeImportFile(paths_.importFile, options_.importDocs, tag,
                                    options_.seed + static_cast<uint64_t>(run));
    // Ignored: the pool that rank and the driver see stays the same size.
    l.argv = {cli, "import", paths_.project, paths_.importFile, "--status", "ignored"};
  } else if (w == "export") {
    fs::remove(paths_.exportFile);
    l.argv = {cli, "export", paths_.project, paths_.exportFile, "--status", "all"};
  } else if (w == "train") {
    l.argv = {cli, "train", paths_.project, "--output", paths_.modelDir};
    l.argv.insert(l.argv.end(), {"--config", paths_.trainConfig});
    // A third of the kills aim at the package write, which random times rarely hit.
    if (l.delayMs > 0 && std::uniform_int_distribution<int>(0, 2)(rng_) == 0) {
      l.watchDir = paths_.dir;
      l.delayMs = static_cast<int>(1.5 * typicalMs_[w]);
    }
  } else if (w == "rank") {
    l.argv = {cli, "rank", paths_.project, paths_.modelDir, "--strategy", "margin"};
  } else {
    throw std::runtime_error("unknown workload " + w);
  }
  return l;
}

bool KillHarness::trainToEnd(int run, const std::string& as) {
  report_.begin(run, as, 0);
  ChildProcess child({options_.cli, "train", paths_.project, "--output", paths_.modelDir,
                      "--config", paths_.trainConfig},
                     paths_.log);
  child.waitFor(std::chrono::minutes(10));
  report_.ended(false, child.exitCode());
  report_.check("training run ends well", child.exitCode() == 0, child.log());
  return child.exitCode() == 0;
}

void KillHarness::runOne(int run, const std::string& workload) {
  const int64_t failuresBefore = report_.failures();
  if (workload == "rank" && !fs::exists(paths_.modelDir + "/meta.json")) {
    const auto stale = ProjectVerifier::tempDirs(paths_.dir);
    if (trainToEnd(run, "train")) {  // rank needs a package
      ProjectVerifier v(paths_, report_);
      v.staleTempDirs(paths_.dir, stale, "a finished CLI training run");
    }
  }
  ProjectSnapshot before;
  {
    const auto project = store::ProjectStore::open(paths_.project);
    before = ProjectSnapshot::capture(*project, baseDocs_);
  }
  if (before.documents > options_.maxDocs) {
    createProject();
    const auto project = store::ProjectStore::open(paths_.project);
    before = ProjectSnapshot::capture(*project, baseDocs_);
  }
  const auto staleCli = ProjectVerifier::tempDirs(paths_.dir);
  const auto staleGui = ProjectVerifier::tempDirs(paths_.guiModels);
  const std::string packageBefore = slurp(paths_.modelDir + "/meta.json");

  const Launch l = launch(workload, run);
  report_.begin(run, workload, l.delayMs);
  if (l.delayMs < 0) report_.outcome("timing run");
  const auto started = std::chrono::steady_clock::now();
  ChildProcess child(l.argv, paths_.log);
  KillTrigger trigger(rng_);
  const bool completed = !l.watchDir.empty() ? trigger.whenWriting(child, l.watchDir, l.delayMs)
                         : l.midAction       ? trigger.whenActing(child, paths_.journal, l.delayMs)
                                             : trigger.afterDelay(child, l.delayMs);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  if (!trigger.outcome().empty()) report_.outcome(trigger.outcome());
  if (workload != "label") {
    auto [typical, first] = typicalMs_.emplace(workload, ms);
    // Timed: its time; finished: towards it; killed late: at least that long.
    if (!first)
      typical->second = l.delayMs < 0 ? ms
                        : completed   ? 0.5 * typical->second + 0.5 * ms
                                      : std::max(typical->second, ms);
  }
  report_.ended(!completed, child.exitCode());
  if (completed && workload != "label")
    report_.check(workload + " exits 0 when not killed", child.exitCode() == 0, child.log());
  if (completed && workload == "label")
    report_.check("label driver runs until killed", false,
                  "exit " + std::to_string(child.exitCode()) + ": " + child.log());
  const auto verifying = std::chrono::steady_clock::now();
  verify(workload, before, completed, child.exitCode(), staleCli, staleGui, packageBefore);
  const double verifyMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - verifying)
          .count();
  if (options_.verbose)
    std::cout << "run " << run << " " << workload
              << (completed ? " completed (kill due at " : " killed (at ") << l.delayMs
              << " ms, ran " << static_cast<int>(ms) << " ms, checked in "
              << static_cast<int>(verifyMs)
              << " ms): " << (report_.failures() == failuresBefore ? "ok" : "FAILED") << std::endl;
  keepFailure(run, failuresBefore);
}

void KillHarness::verify(const std::string& w, const ProjectSnapshot& before, bool completed,
                         int exitCode, const std::set<std::string>& staleCli,
                         const std::set<std::string>& staleGui, const std::string& packageBefore) {
  ProjectVerifier v(paths_, report_);
  if (!v.open()) return;
  v.integrity();
  const bool ok = completed && exitCode == 0;
  if (w == "label") {
    const JournalReader journal = JournalReader::read(paths_.journal);
    v.labelled(journal, before);
    for (size_t i = 0; i < journal.roundModels.size(); ++i) report_.outcome("GUI round finished");
    if (journal.roundsStarted > static_cast<int64_t>(journal.roundModels.size()))
      report_.outcome("GUI round killed");
    if (!journal.roundModels.empty())
      v.staleTempDirs(paths_.guiModels, staleGui, "a finished GUI training round");
  } else if (w == "import") {
    v.imported(before, options_.importDocs, ok);
  } else if (w == "export") {
    v.exported(before, ok);
  } else if (w == "train") {
    const std::string after = slurp(paths_.modelDir + "/meta.json");
    report_.outcome(after.empty()            ? "no package"
                    : after == packageBefore ? "package unchanged"
                                             : "package replaced");
    if (ok) v.staleTempDirs(paths_.dir, staleCli, "a finished CLI training run");
  }
  if (!ProjectVerifier::tempDirs(paths_.dir).empty() && w == "train" && !completed)
    report_.outcome("temp dir left");
  v.packages();
  v.rankings();
}

// A failed run's journal and log stay for a post-mortem.
void KillHarness::keepFailure(int run, int64_t failuresBefore) {
  if (report_.failures() == failuresBefore) return;
  const std::string dir = paths_.dir + "/failed-run-" + std::to_string(run);
  fs::create_directories(dir);
  std::error_code ec;
  for (const std::string& f : {paths_.journal, paths_.log})
    if (fs::exists(f)) fs::copy_file(f, dir + "/" + fs::path(f).filename().string(), ec);
}

}  // namespace spanforge::killharness
