// Tokenizer rules, applied left to right; every offset counts code points.
//
//  1. Separators split and belong to no token: Unicode whitespace (Z*, incl.
//     NBSP), control characters, zero-width space U+200B, BOM U+FEFF, U+180E
//     and the bidi marks/embeddings/isolates (LRM, RLM, U+202A-E, U+2066-9).
//  2. Inside each separator-delimited chunk, at the start of every token the
//     first pattern that matches wins:
//     a. URLs: http://, https://, ftp://, www. and bare domains with a known
//        top-level domain followed by a path (bit.ly/x). A URL runs to the next
//        character that cannot be in a URL; trailing . , ; : ! ? ' " * and
//        closing brackets the URL did not open are left for the next tokens.
//     b. E-mail addresses: local@domain.tld.
//     c. @mentions and #hashtags (a hashtag needs a non-digit: "#1" is "#" "1").
//     d. HTML character references (&amp; &lt; &#39;), which tweets carry.
//     e. Emoticons :) ;-) :D :'( =/ :)) and <3 </3 -_- ^_^ ^^ when not followed
//        by a letter or digit (":Done" is not an emoticon).
//     f. A clitic at the start of a token: 's 'm 'd 'll 're 've ("It 's").
//  3. Words: letters, digits, marks, '_' and joiners (ZWJ, ZWNJ, soft hyphen),
//     glued across
//       - hyphens between word characters: state-of-the-art, e-mail, 1-10
//         ("--", "a - b" and "well-" are not glued);
//       - '.' between word characters unless a lower-case letter meets an
//         upper-case one (weather.com, 3.14, U.S, but "end.The" splits);
//       - ',' ':' '/' between digits: 1,000,000  12:30  1/2  12/25/2010;
//       - apostrophes (' and U+2019) before a letter: O'Neil, don't;
//       - '&' between letters: AT&T, R&B.
//     A sign directly before a digit at the start of a token joins the number
//     (-5, +3), as does a leading '.' (.5). Letters after digits stay in the
//     word (2nd, 10am, 3D). Words end at any other character.
//  4. A word keeps a following single '.' when it is an abbreviation: dotted
//     single letters (U.S. e.g. a.m. N.E.R.D.), a capital initial other than
//     "I" (J. K. Rowling), or a listed title/month/Latin form (Mr. Dr. Jan. vs.
//     etc.). Otherwise the period is its own token.
//  5. English clitics split off the end of a word as spaCy does:
//     don't -> do n't, can't -> ca n't, I'm -> I 'm, it's -> it 's, we'll,
//     they're, I've, I'd; with either apostrophe. A word that is only "n't"
//     stays whole.
//  6. Everything else is punctuation or a symbol: runs of '.' ("..." and ".."),
//     runs of '!' and '?' ("!!!", "?!") and runs of '-' ("--") are one token
//     each; any other character is one token together with the rest of its
//     extended grapheme cluster, so an emoji with skin tone, variation
//     selector, ZWJ sequence or flag pair is a single token.
//
// Input should be valid UTF-8 (check with findInvalidUtf8): an invalid byte
// is read as one U+FFFD code point, so offsets past it would not match OffsetMap.
//
// Speed: the text is decoded and classified once into flat arrays; the only
// allocations are those arrays, the result vector and the token strings.

#include "text/tokenizer.h"

#include "text/charclass.h"
#include "text/tokenpatterns.h"

#include <utf8proc.h>

namespace spanforge::text {
namespace {

bool isHyphen(char32_t c) { return c == U'-' || c == U'\u2010' || c == U'\u2011'; }

class Scanner {
 public:
  Scanner(std::string_view text, std::vector<Token>& out) : text_(text), out_(out) { decode(); }

  void run() {
    const size_t n = cp_.size();
    for (size_t i = 0; i < n;) {
      if (cls_[i] == CharClass::Space) {
        ++i;
        continue;
      }
      size_t e = i;
      hasAt_ = hasSlash_ = false;
      for (; e < n && cls_[e] != CharClass::Space; ++e) {
        hasAt_ |= cp_[e] == U'@';
        hasSlash_ |= cp_[e] == U'/';
      }
      chunk(i, e);
      i = e;
    }
  }

 private:
  void decode() {
    cp_.reserve(text_.size());
    byte_.reserve(text_.size() + 1);
    const auto* s = reinterpret_cast<const utf8proc_uint8_t*>(text_.data());
    const auto len = static_cast<utf8proc_ssize_t>(text_.size());
    for (utf8proc_ssize_t b = 0; b < len;) {
      byte_.push_back(static_cast<size_t>(b));
      if (s[b] < 0x80) {
        cp_.push_back(s[b++]);
        continue;
      }
      utf8proc_int32_t c = 0;
      const utf8proc_ssize_t k = utf8proc_iterate(s + b, len - b, &c);
      cp_.push_back(k > 0 ? static_cast<char32_t>(c) : U'\uFFFD');  // invalid byte: one U+FFFD
      b += k > 0 ? k : 1;
    }
    byte_.push_back(text_.size());
    cls_.reserve(cp_.size());
    for (char32_t c : cp_) cls_.push_back(classify(c));
    t_ = ScanText{cp_.data(), cls_.data(), cp_.size()};
  }

  void emit(size_t s, size_t e) {
    out_.push_back(Token{std::string(text_.substr(byte_[s], byte_[e] - byte_[s])),
                         static_cast<int64_t>(s), static_cast<int64_t>(e)});
  }

  void chunk(size_t i, size_t end) {
    const size_t chunkStart = i;
    while (i < end) {
      size_t e = special(i, end);
      if (e > i) {
        emit(i, e);
        i = e;
        continue;
      }
      const CharClass c = cls_[i];
      const bool numberStart =
          (isHyphen(cp_[i]) || cp_[i] == U'+' || cp_[i] == U'\u2212' || cp_[i] == U'.') &&
          t_.classAt(i + 1) == CharClass::Digit && i + 1 < end &&
          (i == chunkStart || (!isWordChar(cls_[i - 1]) && cp_[i - 1] != U'.'));
      if (isWordStart(c) || numberStart) {
        bool apostrophe = false;
        e = word(numberStart ? i + 1 : i, end, apostrophe);
        if (e < end && cp_[e] == U'.' && t_.at(e + 1) != U'.' && !numberStart &&
            isAbbreviation(t_, i, e)) {
          emit(i, e + 1);
          i = e + 1;
          continue;
        }
        const size_t split = apostrophe ? cliticSplit(t_, i, e) : e;
        emit(i, split);
        if (split < e) emit(split, e);
      } else {
        e = punct(i, end);
        emit(i, e);
      }
      i = e;
    }
  }

  // Patterns that win over plain words and punctuation (rule 2).
  size_t special(size_t i, size_t end) const {
    const char32_t c = cp_[i];
    if (isAlnum(cls_[i])) {
      size_t e = i;
      if (isLetter(cls_[i]) && (hasSlash_ || (c | 32) == U'w')) e = matchUrl(t_, i, end);
      if (e == i && hasAt_) e = matchEmail(t_, i, end);
      return e;
    }
    switch (c) {
      case U'@':
        return matchMention(t_, i, end);
      case U'#':
        return matchHashtag(t_, i, end);
      case U'&':
        return matchEntity(t_, i, end);
      case U':':
      case U';':
      case U'=':
      case U'<':
      case U'-':
      case U'^':
        return matchEmoticon(t_, i, end);
      case U'\'':
      case U'\u2019':
        return matchClitic(t_, i, end);
      default:
        return i;
    }
  }

  // A word starting at i (rule 3); sets `apostrophe` when one was glued in.
  size_t word(size_t i, size_t end, bool& apostrophe) const {
    size_t j = i + 1;
    while (j < end) {
      if (isWordChar(cls_[j])) {
        ++j;
        continue;
      }
      if (j + 1 >= end) break;
      const char32_t c = cp_[j];
      const CharClass prev = cls_[j - 1], next = cls_[j + 1];
      bool glue = false;
      if (isHyphen(c)) {
        glue = isAlnum(next);
      } else if (c == U'.') {
        glue = isAlnum(next) && !(prev == CharClass::Lower && next == CharClass::Upper);
      } else if (c == U',' || c == U':' || c == U'/') {
        glue = prev == CharClass::Digit && next == CharClass::Digit;
      } else if (isApostrophe(c)) {
        glue = isAlnum(prev) && isLetter(next);
        apostrophe |= glue;
      } else if (c == U'&') {
        glue = isLetter(prev) && isLetter(next) && matchEntity(t_, j, end) == j;
      }
      if (!glue) break;
      j += 2;
    }
    return j;
  }

  // Punctuation and symbols (rule 6).
  size_t punct(size_t i, size_t end) const {
    const char32_t c = cp_[i];
    size_t j = i + 1;
    if (c == U'.' || c == U'-') {
      while (j < end && cp_[j] == c) ++j;
      return j;
    }
    if (c == U'!' || c == U'?') {
      while (j < end && (cp_[j] == U'!' || cp_[j] == U'?')) ++j;
      return j;
    }
    utf8proc_int32_t state = 0;
    while (j < end &&
           !utf8proc_grapheme_break_stateful(static_cast<utf8proc_int32_t>(cp_[j - 1]),
                                             static_cast<utf8proc_int32_t>(cp_[j]), &state)) {
      ++j;
    }
    return j;
  }

  std::string_view text_;
  std::vector<Token>& out_;
  std::vector<char32_t> cp_;
  std::vector<CharClass> cls_;
  std::vector<size_t> byte_;
  ScanText t_;
  bool hasAt_ = false;
  bool hasSlash_ = false;
};

}  // namespace

std::vector<Token> Tokenizer::tokenize(std::string_view utf8) const {
  std::vector<Token> out;
  out.reserve(utf8.size() / 4 + 1);
  Scanner(utf8, out).run();
  return out;
}

}  // namespace spanforge::text
