#pragma once

#include "patterns/pattern.h"
#include "store/patternrepository.h"

#include <cstdint>
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::project {

// What to import: a spaCy/Prodigy patterns JSONL file, or a term list (a term
// a line, all of `label`).
struct PatternImport {
  std::string path;
  std::string name;  // empty: the file's name
  bool terms = false;
  std::string label;  // terms only
  bool caseFold = false;
};

// The project's enabled pattern sets, parsed, with each pattern's id in the store.
struct LoadedPatterns {
  std::vector<patterns::PatternSet> sets;
  std::vector<std::vector<int64_t>> ids;  // [set][pattern]
};

struct PatternApplyResult {
  int64_t documents = 0;  // unlabelled documents matched
  int64_t matches = 0;    // open matches stored
  // Patterns cut for matching too much (DocumentPatternMatcher::lastOverruns),
  // each sentence with the number of documents it was cut in.
  std::map<std::string, int64_t> overruns;
};

// A project's pattern sets as whole jobs over the store: import (the file is
// checked whole first: a fault refuses it with file, line and field, nothing
// stored), export in the formats it came in, and apply (match the unlabelled
// pool, keep what people accepted or rejected).
class PatternLibrary {
 public:
  explicit PatternLibrary(store::ProjectStore& project) : project_(project) {}

  // Stores the set; a label the project lacks is added (a name that cannot be
  // a label refuses the file, naming the line). Throws io::InputError or
  // store::StoreError (name taken).
  store::PatternSetRecord import(const PatternImport& what);
  // Writes the set's lines as stored: patterns JSONL or the terms; asPatterns
  // writes a term list as patterns JSONL ({"label": L, "pattern": TERM}).
  void exportSet(const std::string& name, std::ostream& out, bool asPatterns = false);
  // The sets (all, or only the enabled ones) parsed again from their lines.
  LoadedPatterns load(bool enabledOnly = true);
  // Matches every unlabelled document with the enabled sets, resolved as
  // spaCy's EntityRuler does, and stores the matches as open suggestions in one
  // transaction. `progress(done, total)` returning false stops it (nothing stored).
  PatternApplyResult apply(const std::function<bool(int64_t, int64_t)>& progress = {});
  // The set, or store::StoreError naming the sets there are.
  store::PatternSetRecord setNamed(const std::string& name);

 private:
  store::ProjectStore& project_;
};

}  // namespace spanforge::project
