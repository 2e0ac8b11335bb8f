#pragma once

#include <cstdint>
#include <string>

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::project {

// INCEpTION's string-matching recommender, kept in the store: every string a
// person labels becomes a phrase pattern of the project's "Labelled strings"
// set (store::PatternSetRecord::kLearnedName, created on first use), so its
// other occurrences are suggested in every document from the first label on,
// drawn, accepted, rejected and counted like any pattern's, until (and,
// by the combine rule, beside) a trained model. A string people reject more
// often than they accept stops being suggested (PatternRepository::suggestions).
class LearnedStrings {
 public:
  explicit LearnedStrings(store::ProjectStore& project) : project_(project) {}

  // Remembers that `text` was labelled `label`; true when it is a new string
  // for that label (the matcher must be read again). Blank text is ignored.
  // The first call creates the set from all the gold the project has.
  bool learn(const std::string& text, const std::string& label);

 private:
  int64_t create();

  store::ProjectStore& project_;
};

}  // namespace spanforge::project
