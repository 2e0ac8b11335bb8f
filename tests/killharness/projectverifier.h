#pragma once

#include "harnesspaths.h"

#include <cstdint>
#include <memory>
#include <set>
#include <string>

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::killharness {

class HarnessReport;
struct JournalReader;
struct ProjectSnapshot;

// The checks after a kill, each reported to the HarnessReport by name.
class ProjectVerifier {
 public:
  ProjectVerifier(const HarnessPaths& paths, HarnessReport& report);
  ~ProjectVerifier();

  // The project opens with store::ProjectStore; false (reported) when it does
  // not, and then no other check can run.
  bool open();
  store::ProjectStore& project() { return *project_; }

  // PRAGMA integrity_check and foreign_key_check; the status counters the
  // triggers keep agree with the documents; the search index has no queue
  // left and passes FTS5's own integrity-check.
  void integrity();
  // Every state the driver journaled as saved is there (documents not in the
  // journal as the snapshot had them); the document and labels of the action
  // in flight are as before it or as it predicted; nothing the driver itself
  // found wrong.
  void labelled(const JournalReader& journal, const ProjectSnapshot& before);
  // All or nothing: before, or before + fileDocs documents.
  void imported(const ProjectSnapshot& before, int64_t fileDocs, bool completed);
  // The output is absent or complete (every document, every line JSON); a
  // finished export leaves no ".part" file.
  void exported(const ProjectSnapshot& before, bool completed);
  // The CLI's package and the GUI's newest package load (complete) or are
  // absent; every model row points at a package that is there.
  void packages();
  // Every stored ranking holds ranks 1..n without gaps (written as a whole).
  void rankings();
  // Runs left "running" by a kill, and models whose run never finished.
  void runs();

  // Hidden temporary siblings of packages (".NAME.tmp-[PID-]N", ".NAME.old-...") in
  // `dir` (the CLI package's parent, or the GUI's models folder).
  static std::set<std::string> tempDirs(const std::string& dir);
  // After a run that wrote a package into `dir`, none of `stale` (seen there
  // before it) is left.
  void staleTempDirs(const std::string& dir, const std::set<std::string>& stale,
                     const std::string& run);

 private:
  bool packageLoads(const std::string& dir, std::string& error);

  const HarnessPaths& paths_;
  HarnessReport& report_;
  std::unique_ptr<store::ProjectStore> project_;
};

}  // namespace spanforge::killharness
