#include "project/learnedstrings.h"

#include "store/projectstore.h"
#include "text/utf8.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>

namespace spanforge::project {

namespace {

// A phrase pattern, as Prodigy writes one, so the set exports as it is.
std::string lineOf(const std::string& text, const std::string& label) {
  return nlohmann::json{{"label", label}, {"pattern", text}}.dump();
}

}  // namespace

// The set starts with every string the project's gold already has (an
// imported corpus counts as labelled), in document order.
int64_t LearnedStrings::create() {
  store::PatternSetRecord record;
  record.name = store::PatternSetRecord::kLearnedName;
  const int64_t id = project_.patterns().addSet(record, {});
  project_.documents().forEach({}, [&](const store::StoredDocument& d) {
    if (d.doc.spans.empty()) return;
    const text::OffsetMap map(d.doc.text);
    for (const text::Span& s : d.doc.spans)
      if (const auto t = map.text(d.doc.text, s.start, s.end))
        project_.patterns().addPattern(id, s.label, lineOf(std::string(*t), s.label));
  });
  return id;
}

bool LearnedStrings::learn(const std::string& text, const std::string& label) {
  if (std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isspace(c); }))
    return false;
  store::PatternRepository& repo = project_.patterns();
  store::Transaction tx(project_.db());
  const auto set = repo.set(store::PatternSetRecord::kLearnedName);
  const int64_t setId = set ? set->id : create();
  bool added = false;
  repo.addPattern(setId, label, lineOf(text, label), &added);
  tx.commit();
  return added || !set;
}

}  // namespace spanforge::project
