#include "project/documentpatternmatcher.h"

#include "patterns/patternsetmatcher.h"
#include "patterns/tokensequence.h"
#include "store/projectstore.h"
#include "text/tokenizer.h"

#include <set>
#include <string_view>
#include <tuple>

namespace spanforge::project {

DocumentPatternMatcher::DocumentPatternMatcher(store::ProjectStore& project) : project_(project) {}

DocumentPatternMatcher::~DocumentPatternMatcher() = default;

void DocumentPatternMatcher::invalidate() {
  matcher_.reset();
  loaded_.reset();
}

void DocumentPatternMatcher::ensureLoaded() {
  if (matcher_) return;
  loaded_ = PatternLibrary(project_).load();
  matcher_ = std::make_unique<patterns::PatternSetMatcher>(loaded_->sets);
}

std::vector<store::PatternMatchRecord> DocumentPatternMatcher::matches(
    const store::StoredDocument& d) {
  ensureLoaded();
  // A document imported as plain text is tokenized when first needed.
  const auto tokens = d.doc.tokens.empty() ? text::Tokenizer().tokenize(d.doc.text) : d.doc.tokens;
  std::vector<std::string_view> words;
  words.reserve(tokens.size());
  for (const auto& t : tokens) words.push_back(t.text);
  std::vector<store::PatternMatchRecord> out;
  std::vector<patterns::PatternOverrun> cut;
  overruns_.clear();
  const auto hits = matcher_->entities(patterns::TokenSequence(std::move(words)), &cut);
  for (const auto& o : cut) overruns_.push_back(matcher_->describe(loaded_->sets, o));
  for (const auto& h : hits) {
    const auto& p = loaded_->sets[h.set].patterns[h.pattern];
    out.push_back({d.id,
                   loaded_->ids[h.set][h.pattern],
                   {tokens[h.start].start, tokens[h.end - 1].end, p.label},
                   store::MatchState::Open});
  }
  return out;
}

int64_t DocumentPatternMatcher::refresh(int64_t documentId) {
  const auto d = project_.documents().get(documentId);
  if (!d || d->doc.status != text::DocStatus::Unlabelled) return 0;
  const std::vector<store::PatternMatchRecord> found = matches(*d);
  // Opening a document writes nothing unless its open matches would change
  // (replaceOpen leaves decided matches be and does not open them again).
  using Key = std::tuple<int64_t, int64_t, int64_t>;
  std::set<Key> decided, open, wanted;
  for (const auto& m : project_.patterns().matches(documentId))
    (m.state == store::MatchState::Open ? open : decided)
        .insert({m.span.start, m.span.end, m.patternId});
  for (const auto& m : found)
    if (!decided.count({m.span.start, m.span.end, m.patternId}))
      wanted.insert({m.span.start, m.span.end, m.patternId});
  if (wanted != open) project_.patterns().replaceOpen(documentId, found);
  return static_cast<int64_t>(wanted.size());
}

}  // namespace spanforge::project
