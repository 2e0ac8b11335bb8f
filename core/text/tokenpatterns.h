#pragma once

#include "text/charclass.h"

#include <cstddef>

namespace spanforge::text {

// A decoded text as the tokenizer's pattern matchers see it: code points and
// their classes, indexable in O(1). Internal to the tokenizer.
struct ScanText {
  const char32_t* cp = nullptr;
  const CharClass* cls = nullptr;
  size_t size = 0;

  char32_t at(size_t i) const { return i < size ? cp[i] : U'\0'; }
  CharClass classAt(size_t i) const { return i < size ? cls[i] : CharClass::Space; }
};

// Each matcher looks for its pattern starting exactly at `i` and not running
// past `end` (the end of the whitespace-delimited chunk). It returns the end of
// the match, or `i` when there is none.

// http://, https://, ftp:// and www. URLs, and bare domains with a path such
// as bit.ly/abc; trailing sentence punctuation and unbalanced closing brackets
// are left out.
size_t matchUrl(const ScanText& t, size_t i, size_t end);
// local@domain.tld
size_t matchEmail(const ScanText& t, size_t i, size_t end);
// @handle and #hashtag (a hashtag needs a non-digit).
size_t matchMention(const ScanText& t, size_t i, size_t end);
size_t matchHashtag(const ScanText& t, size_t i, size_t end);
// HTML character references such as &amp; &#39; &#x27; (tweets carry them).
size_t matchEntity(const ScanText& t, size_t i, size_t end);
// Western emoticons :) ;-) :D =/ :'( and <3 </3 -_- ^_^.
size_t matchEmoticon(const ScanText& t, size_t i, size_t end);
// A clitic standing alone at the start of a token: 's 'm 'd 'll 're 've.
size_t matchClitic(const ScanText& t, size_t i, size_t end);

// Whether the word [i, e) followed by '.' is an abbreviation that keeps its
// period: letter.letter forms (U.S, e.g, a.m), single capital initials, and
// a short list of titles, months and Latin forms (Mr, Dr, Jan, vs, etc).
bool isAbbreviation(const ScanText& t, size_t i, size_t e);
// Where the clitic at the end of word [i, e) starts ("do|n't", "I|'m"), or e.
size_t cliticSplit(const ScanText& t, size_t i, size_t e);

inline bool isApostrophe(char32_t c) { return c == U'\'' || c == U'\u2019'; }

}  // namespace spanforge::text
