#include "projectverifier.h"

#include "harnessreport.h"
#include "journalreader.h"
#include "projectsnapshot.h"
#include "store/database.h"
#include "store/projectstore.h"
#include "train/package/modelpackage.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>

namespace spanforge::killharness {
namespace fs = std::filesystem;

ProjectVerifier::ProjectVerifier(const HarnessPaths& paths, HarnessReport& report)
    : paths_(paths), report_(report) {}

ProjectVerifier::~ProjectVerifier() = default;

bool ProjectVerifier::open() {
  try {
    project_ = store::ProjectStore::open(paths_.project);
    report_.check("project opens", true);
    return true;
  } catch (const std::exception& e) {
    report_.check("project opens", false, e.what());
    return false;
  }
}

void ProjectVerifier::integrity() {
  store::Database& db = project_->db();
  std::string result;
  auto check = db.prepare("PRAGMA integrity_check");
  while (check.step()) result += (result.empty() ? "" : "; ") + check.columnText(0);
  report_.check("PRAGMA integrity_check", result == "ok", result);

  auto fk = db.prepare("PRAGMA foreign_key_check");
  std::string orphans;
  while (fk.step())
    orphans += fk.columnText(0) + " row " + std::to_string(fk.columnInt64(1)) + "; ";
  report_.check("PRAGMA foreign_key_check", orphans.empty(), orphans);

  std::map<int, int64_t> counted, kept;
  auto real = db.prepare("SELECT status, COUNT(*) FROM documents GROUP BY status");
  while (real.step()) counted[real.columnInt(0)] = real.columnInt64(1);
  auto counters = db.prepare("SELECT status, n FROM status_counts WHERE n <> 0");
  while (counters.step()) kept[counters.columnInt(0)] = counters.columnInt64(1);
  std::string diff;
  for (int s = 0; s < 4; ++s)
    if (counted[s] != kept[s])
      diff += "status " + std::to_string(s) + ": " + std::to_string(kept[s]) + " counted, " +
              std::to_string(counted[s]) + " documents; ";
  report_.check("status counters match the documents", diff.empty(), diff);

  auto queue = db.prepare("SELECT COUNT(*) FROM fts_queue");
  queue.step();
  const int64_t queued = queue.columnInt64(0);
  report_.check("search queue empty after commit", queued == 0,
                std::to_string(queued) + " document(s) queued");
  if (queued == 0) {
    try {
      db.exec("INSERT INTO documents_fts(documents_fts, rank) VALUES('integrity-check', 1)");
      report_.check("FTS5 integrity-check", true);
    } catch (const std::exception& e) {
      report_.check("FTS5 integrity-check", false, e.what());
    }
  }
}

void ProjectVerifier::labelled(const JournalReader& journal, const ProjectSnapshot& before) {
  if (!journal.started) report_.outcome("killed before the driver started");
  std::string problems;
  for (const auto& p : journal.problems) problems += p + "; ";
  report_.check("driver saw the store match what the UI showed", journal.problems.empty(),
                problems);

  // Expected: the snapshot, then each document as first named, then as saved.
  std::map<int64_t, DocState> expected = before.docs;
  for (const auto& [id, s] : journal.firstBefore) expected.emplace(id, s);
  for (const auto& [id, s] : journal.savedDocs) expected[id] = s;
  const JournalReader::Intent none;
  const JournalReader::Intent& inFlight = journal.inFlight ? *journal.inFlight : none;
  // The action in flight is there as a whole or not at all.
  bool allBefore = true, allAfter = true;
  std::string wrong, flight;
  for (const auto& [id, want] : expected) {
    const auto have = DocState::read(*project_, id);
    if (!have) {
      wrong += "document " + std::to_string(id) + " is gone; ";
      continue;
    }
    const auto f = inFlight.docs.find(id);
    if (f == inFlight.docs.end()) {
      if (*have != want)
        wrong += "document " + std::to_string(id) + ": expected " + want.describe() + ", found " +
                 have->describe() + "; ";
      continue;
    }
    allBefore = allBefore && *have == want;
    allAfter = allAfter && *have == f->second.second;
    flight += "document " + std::to_string(id) + ": before " + want.describe() + ", after " +
              f->second.second.describe() + ", found " + have->describe() + "; ";
  }
  report_.check("every saved document state is there", wrong.empty(), wrong);

  const LabelSet labels = journal.savedLabels         ? *journal.savedLabels
                          : journal.firstLabelsBefore ? *journal.firstLabelsBefore
                                                      : before.labels;
  const LabelSet have = LabelSet::read(*project_);
  if (inFlight.labels) {
    allBefore = allBefore && have == labels;
    allAfter = allAfter && have == inFlight.labels->second;
    flight += "labels: before " + labels.describe() + ", after " +
              inFlight.labels->second.describe() + ", found " + have.describe();
  } else {
    report_.check("labels as saved", have == labels,
                  "expected " + labels.describe() + ", found " + have.describe());
  }
  if (!journal.inFlight) {
    if (journal.started) report_.outcome("between actions");
    return;
  }
  report_.check("action in flight (" + inFlight.action + ") whole or absent", allBefore || allAfter,
                flight);
  const bool changes = [&] {
    for (const auto& [id, ba] : inFlight.docs)
      if (ba.first != ba.second) return true;
    return inFlight.labels && inFlight.labels->first != inFlight.labels->second;
  }();
  report_.outcome(!changes   ? "in-flight action changes nothing"
                  : allAfter ? "in-flight action committed"
                             : "in-flight action not committed");
}

void ProjectVerifier::imported(const ProjectSnapshot& before, int64_t fileDocs, bool completed) {
  const int64_t now = project_->documents().count({});
  const bool none = now == before.documents, all = now == before.documents + fileDocs;
  report_.check("import all or nothing", completed ? all : (none || all),
                std::to_string(now - before.documents) + " of " + std::to_string(fileDocs) +
                    " documents imported");
  report_.outcome(all ? "committed" : none ? "rolled back" : "partial");
  report_.check("labels unchanged by the import", LabelSet::read(*project_) == before.labels);
}

void ProjectVerifier::exported(const ProjectSnapshot& before, bool completed) {
  const std::string part = paths_.exportFile + ".part";
  if (!fs::exists(paths_.exportFile)) {
    report_.check("export written when it finished", !completed);
    report_.outcome(fs::exists(part) ? "no output, .part left" : "no output");
    return;
  }
  std::ifstream in(paths_.exportFile);
  int64_t lines = 0, bad = 0;
  for (std::string line; std::getline(in, line); ++lines) {
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.contains("text")) ++bad;
  }
  report_.check("export complete or absent", lines == before.documents && bad == 0,
                std::to_string(lines) + " lines (" + std::to_string(bad) + " not records) for " +
                    std::to_string(before.documents) + " documents");
  report_.outcome("complete output");
  if (completed) report_.check("finished export leaves no .part file", !fs::exists(part));
}

bool ProjectVerifier::packageLoads(const std::string& dir, std::string& error) {
  try {
    train::ModelPackage::load(dir);
    return true;
  } catch (const std::exception& e) {
    error = e.what();
    return false;
  }
}

void ProjectVerifier::packages() {
  std::string error;
  if (fs::exists(paths_.modelDir))
    report_.check("CLI model package complete or absent", packageLoads(paths_.modelDir, error),
                  error);
  int64_t newest = -1;
  std::string missingMeta;
  if (fs::is_directory(paths_.guiModels)) {
    static const std::regex run("run-([0-9]+)");
    std::smatch m;
    for (const auto& e : fs::directory_iterator(paths_.guiModels)) {
      const std::string name = e.path().filename().string();
      if (!std::regex_match(name, m, run)) continue;
      newest = std::max<int64_t>(newest, std::stoll(m[1]));
      if (!fs::exists(e.path() / "meta.json")) missingMeta += name + " ";
    }
  }
  report_.check("GUI model packages all have meta.json", missingMeta.empty(), missingMeta);
  if (newest >= 0) {
    const std::string dir = paths_.guiModels + "/run-" + std::to_string(newest);
    report_.check("newest GUI model package complete", packageLoads(dir, error), error);
  }
  std::string dangling;
  for (const auto& m : project_->runs().models())
    if (!m.path.empty() && !fs::exists(fs::path(m.path) / "meta.json"))
      dangling += "model " + std::to_string(m.id) + " -> " + m.path + "; ";
  report_.check("every model row points at a package", dangling.empty(), dangling);
}

void ProjectVerifier::rankings() {
  auto st = project_->db().prepare(
      "SELECT model_id, strategy, COUNT(*), MIN(rank), MAX(rank) FROM rankings GROUP BY 1, 2");
  std::string gaps;
  while (st.step())
    if (st.columnInt64(3) != 1 || st.columnInt64(4) != st.columnInt64(2))
      gaps += "model " + std::to_string(st.columnInt64(0)) + " " + st.columnText(1) + ": " +
              std::to_string(st.columnInt64(2)) + " rows, ranks " +
              std::to_string(st.columnInt64(3)) + ".." + std::to_string(st.columnInt64(4)) + "; ";
  report_.check("rankings whole", gaps.empty(), gaps);
}

void ProjectVerifier::runs() {
  // The killed process is gone: opening the project closed its run as failed.
  auto running = project_->db().prepare("SELECT COUNT(*) FROM runs WHERE state = 0");
  running.step();
  report_.check("no run left 'running' by a killed process", running.columnInt64(0) == 0,
                std::to_string(running.columnInt64(0)) + " runs");
  auto unfinished = project_->db().prepare(
      "SELECT COUNT(*) FROM models m WHERE m.name LIKE 'Run %' AND NOT EXISTS "
      "(SELECT 1 FROM runs r WHERE r.model_id = m.id)");
  unfinished.step();
  report_.warn("model rows of GUI runs whose run row never got the model id",
               unfinished.columnInt64(0));
}

std::set<std::string> ProjectVerifier::tempDirs(const std::string& dir) {
  static const std::regex temp(R"(\..+\.(tmp|old)-[0-9]+(-[0-9]+)?)");  // -PID-N or -N
  std::set<std::string> found;
  if (!fs::is_directory(dir)) return found;
  for (const auto& e : fs::directory_iterator(dir))
    if (std::regex_match(e.path().filename().string(), temp)) found.insert(e.path().string());
  return found;
}

void ProjectVerifier::staleTempDirs(const std::string& dir, const std::set<std::string>& stale,
                                    const std::string& run) {
  std::string left;
  for (const auto& d : tempDirs(dir))
    if (stale.count(d)) left += fs::path(d).filename().string() + " ";
  report_.check("no stale temporary package directories after " + run, left.empty(), left);
}

}  // namespace spanforge::killharness
