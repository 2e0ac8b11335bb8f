#pragma once

#include <string_view>

namespace spanforge::patterns {

// spaCy's URL_MATCH (spacy/lang/tokenizer_exceptions.py: Diego Perini's URL regex with spaCy's
// changes: optional scheme of two or more word characters, optional user info, a public IPv4
// address or host names whose last label is made of spaCy's ALPHA_LOWER letters, optional port
// and path), matched by hand rather than with a regex engine so that like_url, which reaches it
// for every token with a dot in it, allocates nothing. Python's semantics throughout: `\d`, `\w`
// and `\s` are Unicode-aware and `$` also matches before a final '\n'.
bool matchesUrlPattern(std::string_view text);

// Whether `tld` is one of the top-level domains spaCy's like_url knows (lower-case ASCII, so
// "COM" is not).
bool isKnownTld(std::string_view tld);

}  // namespace spanforge::patterns
