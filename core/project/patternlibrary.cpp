#include "project/patternlibrary.h"

#include "io/inputerror.h"
#include "io/linereader.h"
#include "patterns/patternreader.h"
#include "project/documentpatternmatcher.h"
#include "store/database.h"
#include "store/labelname.h"
#include "store/projectstore.h"
#include "store/storeerror.h"

#include <nlohmann/json.hpp>

#include <set>

namespace spanforge::project {
namespace {

patterns::PatternSet parsed(const store::PatternSetRecord& set,
                            const std::vector<store::PatternRecord>& rows) {
  patterns::PatternSet out;
  out.name = set.name;
  out.kind = set.kind == store::PatternSetRecord::kTerms ? patterns::PatternSet::Kind::Terms
                                                         : patterns::PatternSet::Kind::Patterns;
  out.phraseAttribute =
      set.caseFold ? patterns::PhraseAttribute::Lower : patterns::PhraseAttribute::Orth;
  out.termLabel = set.termLabel;
  for (const auto& r : rows)
    out.patterns.push_back(out.kind == patterns::PatternSet::Kind::Terms
                               ? patterns::PatternReader::term(r.source, set.termLabel, r.line)
                               : patterns::PatternReader::parseLine(r.source, set.name, r.line));
  return out;
}

}  // namespace

store::PatternSetRecord PatternLibrary::import(const PatternImport& what) {
  const std::string file = io::LineReader::fileName(what.path);
  store::PatternSetRecord record;
  record.name = what.name.empty() ? file : what.name;
  record.kind = what.terms ? store::PatternSetRecord::kTerms : store::PatternSetRecord::kPatterns;
  record.caseFold = what.caseFold;
  const auto attribute =
      what.caseFold ? patterns::PhraseAttribute::Lower : patterns::PhraseAttribute::Orth;
  patterns::PatternSet set;
  if (what.terms) {
    if (auto problem = store::LabelName::problem(what.label))
      throw io::InputError(file, 0, "label", *problem);
    record.termLabel = what.label;
    set = patterns::PatternReader::readTerms(what.path, record.name, what.label, what.caseFold);
  } else {
    set = patterns::PatternReader::readPatterns(what.path, record.name, attribute);
  }
  std::vector<store::PatternRecord> rows;
  std::set<std::string> labels;
  for (const auto& p : set.patterns) {
    if (auto problem = store::LabelName::problem(p.label))
      throw io::InputError(file, p.line, "label", *problem);
    labels.insert(p.label);
    rows.push_back({0, 0, p.line, p.label, p.source});
  }
  store::Transaction tx(project_.db());
  for (const auto& l : labels)
    if (!project_.labels().find(l)) project_.labels().add(l);
  const int64_t id = project_.patterns().addSet(record, rows);
  tx.commit();
  record.id = id;
  record.patterns = static_cast<int64_t>(rows.size());
  return record;
}

store::PatternSetRecord PatternLibrary::setNamed(const std::string& name) {
  if (auto set = project_.patterns().set(name)) return *set;
  std::string known;
  for (const auto& s : project_.patterns().sets()) known += (known.empty() ? "" : ", ") + s.name;
  throw store::StoreError("The project has no pattern set named \"" + name + "\" (" +
                          (known.empty() ? "it has none" : "it has: " + known) + ").");
}

void PatternLibrary::exportSet(const std::string& name, std::ostream& out, bool asPatterns) {
  const auto set = setNamed(name);
  const bool terms = set.kind == store::PatternSetRecord::kTerms;
  for (const auto& p : project_.patterns().patterns(set.id)) {
    if (terms && asPatterns)
      out << nlohmann::ordered_json{{"label", p.label}, {"pattern", p.source}}.dump() << "\n";
    else
      out << p.source << "\n";
  }
}

LoadedPatterns PatternLibrary::load(bool enabledOnly) {
  LoadedPatterns out;
  for (const auto& set : project_.patterns().sets()) {
    if (enabledOnly && !set.enabled) continue;
    const auto rows = project_.patterns().patterns(set.id);
    out.sets.push_back(parsed(set, rows));
    out.ids.emplace_back();
    for (const auto& r : rows) out.ids.back().push_back(r.id);
  }
  return out;
}

PatternApplyResult PatternLibrary::apply(const std::function<bool(int64_t, int64_t)>& progress) {
  DocumentPatternMatcher matcher(project_);
  store::DocumentFilter filter;
  filter.status = text::DocStatus::Unlabelled;
  const int64_t total = project_.documents().count(filter);
  PatternApplyResult result;
  bool stopped = false;
  store::Transaction tx(project_.db());
  project_.documents().forEach(filter, [&](const store::StoredDocument& d) {
    if (stopped) return;
    const std::vector<store::PatternMatchRecord> matches = matcher.matches(d);
    project_.patterns().replaceOpen(d.id, matches);
    for (const std::string& o : matcher.lastOverruns()) ++result.overruns[o];
    ++result.documents;
    result.matches += static_cast<int64_t>(matches.size());
    if (progress && !progress(result.documents, total)) stopped = true;
  });
  if (stopped) return {};
  tx.commit();
  return result;
}

}  // namespace spanforge::project
