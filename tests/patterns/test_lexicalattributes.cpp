// The lexical attributes against spaCy: its own tests' inputs and expected values
// (spacy/tests/lang/test_attrs.py, lang/en/test_text.py, vocab_vectors/test_lexeme.py,
// doc/test_token_api.py, matcher/test_matcher_api.py), then Unicode cases whose expected values
// are what CPython 3.11's str methods and spaCy's getters return for them.
#include "patterns/lexicalattributes.h"

#include <string>
#include <utility>

#include "catchapi.h"

using namespace spanforge::patterns;

namespace {

struct TextCase {
  const char* text;
  bool expected;
};

// The names of the flags that are on, in a fixed order, so a table row reads like a lexeme.
std::string flagsOf(std::string_view t) {
  const std::pair<const char*, bool> flags[] = {
      {"alpha", isAlpha(t)}, {"ascii", isAscii(t)}, {"digit", isDigit(t)},   {"lower", isLower(t)},
      {"upper", isUpper(t)}, {"title", isTitle(t)}, {"punct", isPunct(t)},   {"space", isSpace(t)},
      {"num", likeNum(t)},   {"url", likeUrl(t)},   {"email", likeEmail(t)},
  };
  std::string out;
  for (const auto& [name, on] : flags) {
    if (!on) continue;
    if (!out.empty()) out += ' ';
    out += name;
  }
  return out;
}

}  // namespace

TEST_CASE("spaCy's word_shape cases") {
  const std::pair<const char*, const char*> cases[] = {
      {"Nasa", "Xxxx"},
      {"capitalized", "xxxx"},
      {"999999999", "dddd"},
      {"C3P0", "XdXd"},
      {",", ","},
      {"\n", "\n"},
      {"``,-", "``,-"},
      {"Give", "Xxxx"},
  };
  for (const auto& [text, shape] : cases) {
    CAPTURE(text);
    CHECK(shapeOf(text) == shape);
  }
}

TEST_CASE("spaCy's is_punct and is_ascii cases") {
  for (const TextCase& c : {TextCase{",", true}, {" ", false}, {"a", false}}) {
    CAPTURE(c.text);
    CHECK(isPunct(c.text) == c.expected);
  }
  for (const TextCase& c : {TextCase{",", true}, {"£", false}, {"♥", false}}) {
    CAPTURE(c.text);
    CHECK(isAscii(c.text) == c.expected);
  }
}

TEST_CASE("spaCy's lexeme and token flag cases") {
  CHECK(isAlpha("the"));
  CHECK_FALSE(isAlpha("1999"));
  CHECK_FALSE(isAlpha("hello1"));
  CHECK_FALSE(isDigit("the"));
  CHECK(isDigit("1999"));
  CHECK(isDigit("199"));
  CHECK_FALSE(isDigit("hello1"));

  // "Give it back! He pleaded."
  CHECK(isAlpha("Give"));
  CHECK_FALSE(isDigit("Give"));
  CHECK(isTitle("Give"));
  CHECK(lowerOf("Give") == "give");
  CHECK(isLower("it"));
  CHECK(isPunct("!"));

  // ["Hi", ",", "my", "email", "is", "test@me.com"]
  CHECK(isTitle("Hi"));
  CHECK(isAlpha("Hi"));
  CHECK_FALSE(isDigit("Hi"));
  CHECK(isPunct(","));
  CHECK(isAscii("email"));
  CHECK_FALSE(likeUrl("email"));
  CHECK(isLower("is"));
  CHECK(likeEmail("test@me.com"));
  CHECK(likeEmail("mail@example.com"));
}

TEST_CASE("spaCy's English like_num cases") {
  const TextCase cases[] = {
      {"10", true},   {"1", true},     {"10,000", true},    {"10,00", true},  {"999.0", true},
      {"one", true},  {"two", true},   {"billion", true},   {"dog", false},   {",", false},
      {"1/2", true},  {"third", true}, {"Millionth", true}, {"100th", true},  {"Hundredth", true},
      {"23rd", true}, {"52nd", true},  {"eleven", true},    {"ELEVEN", true},
  };
  for (const TextCase& c : cases) {
    CAPTURE(c.text);
    CHECK(likeNum(c.text) == c.expected);
  }
}

TEST_CASE("like_num strips one sign, drops separators and reads Unicode digits") {
  const TextCase cases[] = {
      {"+1", true},    {"-10", true},        {"±5", true},      {"~3", true},   {"--1", false},
      {"-1/2", true},  {"3/4", true},        {"1/2/3", false},  {"/2", false},  {"1/", false},
      {"1.5", true},   {"1,000,000", true},  {"12:30", false},  {"1e5", false}, {".", false},
      {"-", false},    {"x1", false},        {"o,ne", true},    {"-one", true}, {"Twenty", true},
      {"FIRST", true}, {"twentyone", false}, {"1,000th", true}, {"1ST", true},  {"3RD", true},
      {"1.st", true},  {"1stt", false},      {"st", false},     {"th", false},  {"٣", true},
      {"١٢٣", true},   {"²", true},          {"②", true},  // isdigit, not isdecimal
      {"½", false},                                        // numeric, not a digit
  };
  for (const TextCase& c : cases) {
    CAPTURE(c.text);
    CHECK(likeNum(c.text) == c.expected);
  }
}

TEST_CASE("like_email is spaCy's regex anchored at the start only") {
  const TextCase cases[] = {
      {"a@b.c", true},
      {"a@b.", false},
      {"a@b..", true},
      {"@b.c", false},
      {"a@.c", false},
      {"a@b", false},
      {"a.b+c_d-e@f-g.h", true},
      {".@b.c", true},
      {"a@b.-", true},
      {"x@y.z and more", true},
      {"a@@b.c", false},
      {"user@localhost", false},
      {"me@my-site.co.uk", true},
      {"a@b_c.d", false},
      {"ä@b.c", false},
      {"a@b.ä", false},
  };
  for (const TextCase& c : cases) {
    CAPTURE(c.text);
    CHECK(likeEmail(c.text) == c.expected);
  }
}

TEST_CASE("lowerOf is Python's str.lower") {
  const std::pair<const char*, const char*> cases[] = {
      {"Straße", "straße"},
      {"ẞ", "ß"},
      {"İstanbul", "i\xCC\x87stanbul"},  // U+0307 combining dot above
      {"İİ", "i\xCC\x87i\xCC\x87"},
      {"ISTANBUL", "istanbul"},
      {"ıi", "ıi"},
      {"ΟΔΟΣ", "οδος"},  // final sigma
      {"ΟΔΟΣ.", "οδος."},
      {"Σ", "σ"},  // nothing cased before it
      {"ΣΑ", "σα"},
      {"Ο'Σ", "ο'ς"},  // the apostrophe is case-ignorable
      {"ΟΣ'Α", "οσ'α"},
      {"ΣΣ", "σς"},
      {"ΑΣ\xCC\x81", "ας\xCC\x81"},  // a combining acute is case-ignorable
      {"aΣb", "aσb"},
      {"ǅungla", "ǆungla"},  // title case
      {"Ａｂ", "ａｂ"},
      {"Ⅻ", "ⅻ"},
      {"\xE2\x84\xAA", "k"},  // Kelvin sign
      {"МОС", "мос"},
      {"東京", "東京"},
      {"😀", "😀"},
      {"", ""},
  };
  for (const auto& [text, lower] : cases) {
    CAPTURE(text);
    CHECK(lowerOf(text) == lower);
  }
}

TEST_CASE("shapeOf reads letters and digits the Unicode way") {
  const std::pair<const char*, const char*> cases[] = {
      {"Straße", "Xxxxx"},
      {"Ελλάδα", "Xxxxx"},
      {"東京2020", "xxdddd"},  // uncased letters are x
      {"٣", "d"},
      {"1²3", "ddd"},  // ² is a digit
      {"½", "½"},
      {"Ⅻ", "Ⅻ"},                    // no letter
      {"ǅ", "x"},                    // a letter, not upper case
      {"😀😀😀😀😀", "😀😀😀😀"},             // runs cut to 4
      {"E\xCC\x81t", "X\xCC\x81x"},  // a combining accent is kept as itself
      {"!!!!!!", "!!!!"},
      {"aaaaaBBBBBB", "xxxxXXXX"},
      {"", ""},
  };
  for (const auto& [text, shape] : cases) {
    CAPTURE(text);
    CHECK(shapeOf(text) == shape);
  }
  CHECK(shapeOf(std::string(99, 'x')) == "xxxx");
  CHECK(shapeOf(std::string(100, 'x')) == "LONG");
  std::string accents;
  for (int i = 0; i < 100; ++i) accents += "é";  // 100 code points, 200 bytes
  CHECK(shapeOf(accents) == "LONG");
  CHECK(shapeOf(accents.substr(2)) == "xxxx");
}

TEST_CASE("lengthOf counts code points") {
  CHECK(lengthOf("") == 0);
  CHECK(lengthOf("dog") == 3);
  CHECK(lengthOf("😀") == 1);
  CHECK(lengthOf("E\xCC\x81") == 2);  // decomposed É
  CHECK(lengthOf("東京") == 2);
}

TEST_CASE("flags of Unicode words as spaCy's lexemes have them") {
  const std::pair<const char*, const char*> cases[] = {
      {"Straße", "alpha title"},
      {"STRASSE", "alpha ascii upper"},
      {"ẞ", "alpha upper title"},
      {"ΟΔΟΣ.", "upper"},
      {"ελλάδα", "alpha lower"},
      {"İstanbul", "alpha title"},
      {"ıi", "alpha lower"},
      {"日本語", "alpha"},  // uncased: neither lower nor title
      {"العربية", "alpha"},
      {"東京2020", ""},
      {"😀", ""},
      {"٣", "digit num"},
      {"①", "digit num"},
      {"½", ""},
      {"Ⅻ", "upper title"},  // Other_Uppercase
      {"ⅰⅱ", "lower"},       // Other_Lowercase
      {"Ⓐ", "upper title"},
      {"ª", "alpha lower"},
      {"ʰ", "alpha lower"},
      {"ǅungla", "alpha title"},
      {"ǇUDEVIT", "alpha upper"},
      {"E\xCC\x81t", ""},     // decomposed Ét: the accent breaks the word
      {"Éa", "alpha title"},  // composed
      {"ﬁ", "alpha lower"},
      {"C3P0", "ascii upper title"},
      {"Hello World", "ascii title"},
      {"Hello world", "ascii"},
      {"AbC", "alpha ascii"},
      {"\xE2\x84\xAA", "alpha upper title"},  // Kelvin sign
      {"«", "punct"},
      {"—", "punct"},
      {"¿", "punct"},
      {"・", "punct"},  // katakana middle dot
      {"_", "ascii punct"},
      {"$", "ascii"},
      {"+", "ascii"},
      {"€", ""},  // Sc, not P
      {" \t\n", "ascii space"},
      {"\xC2\xA0", "space"},            // no-break space
      {"\xE3\x80\x80", "space"},        // ideographic space
      {"\x1C", "ascii space"},          // bidi class B: Python's isspace, not White_Space
      {"\xE2\x80\xA8", "space"},        // line separator
      {"\xE2\x80\x8B", ""},             // zero-width space is Cf
      {"file.txt", "ascii lower url"},  // spaCy's like_url accepts this too
  };
  for (const auto& [text, flags] : cases) {
    CAPTURE(text);
    CHECK(flagsOf(text) == flags);
  }
}

TEST_CASE("empty text is spaCy's empty lexeme: every flag off") {
  CHECK(flagsOf("").empty());
  CHECK(lowerOf("").empty());
  CHECK(shapeOf("").empty());
}

TEST_CASE("invalid UTF-8 reads as U+FFFD and never throws") {
  CHECK_FALSE(isAlpha("a\xFF"));
  CHECK_FALSE(isAscii("a\xFF"));
  CHECK(lowerOf("A\xFF") == "a\xEF\xBF\xBD");
  CHECK(shapeOf("A\xC3") == "X\xEF\xBF\xBD");
  CHECK_FALSE(likeUrl("\xC3.com\xFF"));
  CHECK_FALSE(likeNum("1\xFF"));
}
