#pragma once

#include "project/patternlibrary.h"
#include "store/patternrepository.h"
#include "store/records.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace spanforge::patterns {
class PatternSetMatcher;
}

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::project {

// Matches documents with the project's enabled pattern sets, resolved as
// spaCy's EntityRuler sets doc.ents. The sets are read and compiled once and
// kept until invalidate() (a set imported, switched or removed, a string
// learned), so matching the document a person opens costs only its tokens.
class DocumentPatternMatcher {
 public:
  explicit DocumentPatternMatcher(store::ProjectStore& project);
  ~DocumentPatternMatcher();
  DocumentPatternMatcher(const DocumentPatternMatcher&) = delete;
  DocumentPatternMatcher& operator=(const DocumentPatternMatcher&) = delete;

  // A document's matches (state Open), by start.
  std::vector<store::PatternMatchRecord> matches(const store::StoredDocument& d);
  // Matches an unlabelled document again and stores its open matches (what
  // people accepted or rejected stays); how many are open. A labelled
  // document, or none of that id, is left alone: 0.
  int64_t refresh(int64_t documentId);
  void invalidate();
  // What the last matches() cut for spending its budget of matching steps
  // (patterns::TokenMatcher::Budget), each as a sentence naming the set and
  // line: a pattern that matches too much is stopped, never hangs the editor.
  const std::vector<std::string>& lastOverruns() const { return overruns_; }

 private:
  void ensureLoaded();

  store::ProjectStore& project_;
  std::optional<LoadedPatterns> loaded_;
  std::unique_ptr<patterns::PatternSetMatcher> matcher_;
  std::vector<std::string> overruns_;
};

}  // namespace spanforge::project
