#include "text/tokenpatterns.h"

#include <cstring>
#include <initializer_list>

namespace spanforge::text {
namespace {

char32_t lowerAscii(char32_t c) { return c >= U'A' && c <= U'Z' ? c + 32 : c; }
bool isAsciiLetter(char32_t c) { return (c | 32) >= U'a' && (c | 32) <= U'z'; }
bool isAsciiDigit(char32_t c) { return c >= U'0' && c <= U'9'; }
bool isHexDigit(char32_t c) { return isAsciiDigit(c) || ((c | 32) >= U'a' && (c | 32) <= U'f'); }

// Case-insensitive ASCII prefix test at i without running past end.
bool startsWith(const ScanText& t, size_t i, size_t end, const char* lit) {
  for (; *lit; ++lit, ++i) {
    if (i >= end || lowerAscii(t.cp[i]) != static_cast<char32_t>(*lit)) return false;
  }
  return true;
}

// Exact (case-sensitive) comparison of [i, e) with an ASCII literal.
bool equals(const ScanText& t, size_t i, size_t e, const char* lit) {
  const size_t n = std::strlen(lit);
  if (e - i != n) return false;
  for (size_t k = 0; k < n; ++k) {
    if (t.cp[i + k] != static_cast<char32_t>(lit[k])) return false;
  }
  return true;
}

bool isUrlChar(const ScanText& t, size_t i) {
  const char32_t c = t.cp[i];
  if (c < 128) return c > 0x20 && c < 0x7F && !std::strchr("\"<>\\^`{|}", static_cast<int>(c));
  return isWordChar(t.cls[i]);  // internationalised domain names and paths
}

// Drops trailing sentence punctuation and closing brackets that the URL did
// not open, so "(see http://x.org/a)." keeps ")." outside the URL.
size_t trimUrl(const ScanText& t, size_t start, size_t body, size_t j) {
  while (j > body) {
    const char32_t c = t.cp[j - 1];
    if (c < 128 && std::strchr(".,;:!?'\"*", static_cast<int>(c))) {
      --j;
      continue;
    }
    const char32_t open = c == U')' ? U'(' : c == U']' ? U'[' : c == U'}' ? U'{' : 0;
    if (!open) break;
    int balance = 0;
    for (size_t k = start; k < j; ++k) balance += (t.cp[k] == open) - (t.cp[k] == c);
    if (balance >= 0) break;
    --j;
  }
  return j;
}

// "bit.ly/" in "bit.ly/abc": returns the index after '/', or i.
size_t matchBareDomain(const ScanText& t, size_t i, size_t end) {
  static const char* const kTlds[] = {"com", "org", "net", "edu", "gov",  "io", "co",
                                      "ly",  "me",  "tv",  "us",  "uk",   "de", "fr",
                                      "gd",  "gl",  "fm",  "it",  "info", "biz"};
  size_t j = i, lastDot = 0;
  while (j < end && (isAlnum(t.cls[j]) || t.cp[j] == U'-' || t.cp[j] == U'.')) {
    if (t.cp[j] == U'.') lastDot = j;
    ++j;
  }
  if (lastDot == 0 || j + 1 >= end || t.cp[j] != U'/' || !isUrlChar(t, j + 1)) return i;
  for (const char* tld : kTlds) {
    if (startsWith(t, lastDot + 1, j, tld) && j - lastDot - 1 == std::strlen(tld)) return j + 1;
  }
  return i;
}

bool isMouth(char32_t eyes, char32_t c) {
  if (c == U'3') return eyes == U':';
  return c < 128 && c != 0 && std::strchr(")(][DPpOo/\\|*S", static_cast<int>(c));
}

}  // namespace

size_t matchUrl(const ScanText& t, size_t i, size_t end) {
  size_t body = i;
  for (const char* scheme : {"https://", "http://", "ftp://", "www."}) {
    if (startsWith(t, i, end, scheme)) {
      body = i + std::strlen(scheme);
      break;
    }
  }
  if (body == i) body = matchBareDomain(t, i, end);
  if (body == i || body >= end || !isUrlChar(t, body)) return i;
  size_t j = body;
  while (j < end && isUrlChar(t, j)) ++j;
  j = trimUrl(t, i, body, j);
  return j > body ? j : i;
}

size_t matchEmail(const ScanText& t, size_t i, size_t end) {
  if (!isAlnum(t.cls[i])) return i;
  size_t j = i;
  while (j < end && (isAlnum(t.cls[j]) || (t.cp[j] < 128 && std::strchr("._%+-", int(t.cp[j]))))) {
    ++j;
  }
  if (j >= end || t.cp[j] != U'@') return i;
  size_t d = j + 1, lastDot = 0;
  while (d < end && (isAlnum(t.cls[d]) || t.cp[d] == U'-' ||
                     (t.cp[d] == U'.' && d > j + 1 && d + 1 < end && isAlnum(t.cls[d + 1])))) {
    if (t.cp[d] == U'.') lastDot = d;
    ++d;
  }
  if (lastDot == 0 || d - lastDot < 3) return i;  // needs a top-level domain of 2+ letters
  for (size_t k = lastDot + 1; k < d; ++k) {
    if (!isLetter(t.cls[k])) return i;
  }
  return d;
}

size_t matchMention(const ScanText& t, size_t i, size_t end) {
  if (t.cp[i] != U'@') return i;
  size_t j = i + 1;
  while (j < end && (isWordStart(t.cls[j]) || (j > i + 1 && t.cls[j] == CharClass::Mark))) ++j;
  return j > i + 1 ? j : i;
}

size_t matchHashtag(const ScanText& t, size_t i, size_t end) {
  if (t.cp[i] != U'#') return i;
  size_t j = i + 1;
  bool nonDigit = false;
  while (j < end && (isWordStart(t.cls[j]) || (j > i + 1 && t.cls[j] == CharClass::Mark))) {
    nonDigit |= t.cls[j] != CharClass::Digit;
    ++j;
  }
  return nonDigit ? j : i;
}

size_t matchEntity(const ScanText& t, size_t i, size_t end) {
  if (t.cp[i] != U'&') return i;
  size_t j = i + 1;
  size_t first = j;
  if (t.at(j) == U'#') {
    const bool hex = (t.at(j + 1) | 32) == U'x';
    j += hex ? 2 : 1;
    first = j;
    while (j < end && j - first < 7 && (hex ? isHexDigit(t.cp[j]) : isAsciiDigit(t.cp[j]))) ++j;
  } else {
    while (j < end && j - first < 10 &&
           (isAsciiLetter(t.cp[j]) || (j > first && isAsciiDigit(t.cp[j]))))
      ++j;
  }
  if (j == first || j >= end || t.cp[j] != U';') return i;
  return j + 1;
}

size_t matchEmoticon(const ScanText& t, size_t i, size_t end) {
  const bool afterWord = i > 0 && isAlnum(t.cls[i - 1]);
  const auto bounded = [&](size_t j) { return j == end || !isAlnum(t.cls[j]) ? j : i; };
  for (const char* lit : {"</3", "<3", "-_-", "^_^", "^^"}) {
    if (startsWith(t, i, end, lit) && !afterWord) {
      size_t j = i + std::strlen(lit);
      while (lit[0] == '<' && j < end && t.cp[j] == U'3') ++j;  // <333
      return bounded(j);
    }
  }
  const char32_t eyes = t.cp[i];
  if (eyes != U':' && eyes != U';' && eyes != U'=') return i;
  size_t j = i + 1;
  const char32_t nose = t.at(j);
  if ((nose == U'-' || nose == U'\'' || nose == U'^' || nose == U'o') && j + 1 < end &&
      isMouth(eyes, t.cp[j + 1])) {
    ++j;
  }
  if (j >= end || !isMouth(eyes, t.cp[j])) return i;
  const char32_t mouth = t.cp[j];
  ++j;
  if ((mouth == U'/' || mouth == U'\\') && j < end && t.cp[j] == mouth) return i;  // "://"
  if (std::strchr(")(][DP3", static_cast<int>(mouth))) {
    while (j < end && t.cp[j] == mouth) ++j;  // :))) and :DD
  }
  return bounded(j);
}

size_t matchClitic(const ScanText& t, size_t i, size_t end) {
  if (!isApostrophe(t.cp[i])) return i;
  const char32_t a = lowerAscii(t.at(i + 1)), b = i + 2 < end ? lowerAscii(t.cp[i + 2]) : 0;
  size_t j = i;
  if ((a == U'l' && b == U'l') || (a == U'r' && b == U'e') || (a == U'v' && b == U'e')) {
    j = i + 3;
  } else if (a == U's' || a == U'm' || a == U'd') {
    j = i + 2;
  }
  if (j == i || j > end || (j < end && isAlnum(t.cls[j]))) return i;
  return j;
}

bool isAbbreviation(const ScanText& t, size_t i, size_t e) {
  if (e - i == 1) return t.cls[i] == CharClass::Upper && t.cp[i] != U'I';  // initials: J. K.
  // Single letters joined by periods: U.S, e.g, a.m, N.E.R.D
  bool dotted = true;
  for (size_t k = i; k < e && dotted; ++k) {
    dotted = ((k - i) % 2 == 0) ? isLetter(t.cls[k]) : t.cp[k] == U'.';
  }
  if (dotted && (e - i) % 2 == 1) return true;
  static const char* const kWords[] = {
      "Mr",  "Mrs",  "Ms",     "Dr",  "Prof", "Sr",   "Jr",  "St",  "Mt",   "Ft",   "Inc",  "Ltd",
      "Co",  "Corp", "Bros",   "Gen", "Gov",  "Sen",  "Rep", "Rev", "Capt", "Lt",   "Col",  "Sgt",
      "Jan", "Feb",  "Mar",    "Apr", "Jun",  "Jul",  "Aug", "Sep", "Sept", "Oct",  "Nov",  "Dec",
      "vs",  "etc",  "approx", "cf",  "al",   "Ph.D", "Fig", "Vol", "Ave",  "Blvd", "Dept", "Univ"};
  for (const char* w : kWords) {
    if (equals(t, i, e, w)) return true;
  }
  return false;
}

size_t cliticSplit(const ScanText& t, size_t i, size_t e) {
  const size_t n = e - i;
  const char32_t last = lowerAscii(t.cp[e - 1]);
  if (n >= 4 && last == U't' && isApostrophe(t.cp[e - 2]) && lowerAscii(t.cp[e - 3]) == U'n' &&
      isLetter(t.cls[e - 4])) {
    return e - 3;  // do|n't, ca|n't
  }
  if (n >= 3 && isApostrophe(t.cp[e - 2]) && (last == U's' || last == U'm' || last == U'd')) {
    return e - 2;
  }
  if (n >= 4 && isApostrophe(t.cp[e - 3])) {
    const char32_t a = lowerAscii(t.cp[e - 2]);
    if ((a == U'l' && last == U'l') || (a == U'r' && last == U'e') || (a == U'v' && last == U'e')) {
      return e - 3;
    }
  }
  return e;
}

}  // namespace spanforge::text
