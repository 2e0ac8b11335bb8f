#pragma once

#include "text/tokenspan.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spanforge::text {

// Per-token tag schemes for entity spans:
//   IOB2  - B- begins every entity, I- continues it (CoNLL-2003 as usually shipped).
//   IOB1  - I- begins an entity; B- only begins one that directly follows an
//           entity of the same type (original CoNLL-2003).
//   BILUO - B- begin, I- inside, L- last, U- unit (single token), O outside
//           (spaCy; also known as BIOES with E=L, S=U).
enum class TagScheme { IOB1, IOB2, BILUO };

// "IOB1", "IOB2", "BILUO".
const char* toString(TagScheme s);
// Case-insensitive; also accepts "BIO" for IOB2 and "BILOU" for BILUO.
std::optional<TagScheme> parseTagScheme(std::string_view s);

// Strict reports every violation of the scheme as an error. Lenient repairs
// what has one obvious reading (an I- that cannot continue begins an entity,
// an L- that cannot close one is a single-token entity, an entity left open
// in BILUO ends where it stops) and lists the repairs separately.
enum class TagMode { Strict, Lenient };

// One problem, at a token index (-1 when not about a single token), with a
// message a user can read, e.g. "I-PER at token 5 follows O (expected B-PER)".
struct TagIssue {
  int64_t token = -1;
  std::string message;
};

struct TagsResult {
  std::vector<std::string> tags;
  std::vector<TagIssue> errors;
  bool ok() const { return errors.empty(); }
};

struct SpansResult {
  // Sorted, non-overlapping. Always the lenient reading (malformed tags read
  // as O), so a caller may show it; in Strict mode check ok() before trusting it.
  std::vector<TokenSpan> spans;
  std::vector<TagIssue> errors;   // Strict: every problem. Lenient: malformed tags only.
  std::vector<TagIssue> repairs;  // Lenient only: what was repaired, in token order.
  bool ok() const { return errors.empty(); }
};

// Tags for `tokenCount` tokens. Spans may come in any order; a span that is
// empty, out of range, unlabelled or overlaps an earlier one (by position) is
// left out and reported in errors.
TagsResult spansToTags(const std::vector<TokenSpan>& spans, size_t tokenCount, TagScheme scheme);

// Spans from tags; see TagMode. Tags are "O" or PREFIX-LABEL with PREFIX one
// of B, I (and L, U in BILUO; BIOES E- and S- count as L- and U-); anything
// else ("B-", "X-PER", "PER") is an error.
SpansResult tagsToSpans(const std::vector<std::string>& tags, TagScheme scheme,
                        TagMode mode = TagMode::Strict);

// tagsToSpans then spansToTags. In Strict mode any error stops the conversion
// (tags left empty); in Lenient mode the repaired reading is converted.
TagsResult convertTags(const std::vector<std::string>& tags, TagScheme from, TagScheme to,
                       TagMode mode = TagMode::Strict);

// Guesses the scheme: BILUO if any L-, U-, E- or S- tag occurs; else IOB1 if some I-
// begins an entity; else IOB2. Decide over a whole corpus with the overload:
// one sentence rarely shows the difference.
TagScheme detectScheme(const std::vector<std::string>& tags);
TagScheme detectScheme(const std::vector<std::vector<std::string>>& sentences);

}  // namespace spanforge::text
