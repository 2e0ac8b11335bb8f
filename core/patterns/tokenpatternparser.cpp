#include "patterns/tokenpatternparser.h"

#include "io/jsonrecord.h"

#include <re2/re2.h>

#include <cctype>
#include <cmath>
#include <regex>

namespace spanforge::patterns {
namespace {

using Json = nlohmann::json;
using Op = AttributeTest::Op;

std::string describe(const Json& v) {
  std::string d = v.dump();
  if (d.size() > 40) d = d.substr(0, 37) + "...";
  return std::string(v.type_name()) + " " + d;
}

// spaCy's comparison operators, which only numeric attributes take.
bool comparison(const std::string& op, Op& out) {
  static const std::pair<const char*, Op> kOps[] = {{"==", Op::Equal},  {"!=", Op::NotEqual},
                                                    {"<", Op::Less},    {"<=", Op::LessEqual},
                                                    {">", Op::Greater}, {">=", Op::GreaterEqual}};
  for (const auto& [name, o] : kOps)
    if (op == name) {
      out = o;
      return true;
    }
  return false;
}

}  // namespace

std::vector<TokenSpec> TokenPatternParser::parse(const Json& pattern,
                                                 const std::string& field) const {
  if (!pattern.is_array())
    record_.fail(field, "expected a list of token dicts, got " + describe(pattern));
  if (pattern.empty()) record_.fail(field, "a token pattern needs at least one token");
  std::vector<TokenSpec> specs;
  int states = 0;
  size_t regexes = 0;
  for (size_t i = 0; i < pattern.size(); ++i) {
    const std::string item = io::JsonRecord::index(field, i);
    specs.push_back(parseSpec(pattern[i], item));
    states += statesOf(specs.back().quantifier);
    if (states > kMaxStates)
      record_.fail(item, "the pattern is too long: it unrolls to more than " +
                             std::to_string(kMaxStates) +
                             " token states (each token dict is one, " + "\"+\" two, {n,m} m)");
    for (const AttributeTest& t : specs.back().tests) regexes += t.regexes.size();
    if (regexes > kMaxRegexes)
      record_.fail(item, "the pattern has more than " + std::to_string(kMaxRegexes) +
                             " regular expressions");
  }
  return specs;
}

int TokenPatternParser::statesOf(const Quantifier& q) {
  switch (q.kind) {
    case Quantifier::Kind::Plus:
      return 2;
    case Quantifier::Kind::Range:
      return q.min + (q.max < 0 ? 1 : q.max - q.min);
    default:
      return 1;
  }
}

TokenSpec TokenPatternParser::parseSpec(const Json& spec, const std::string& field) const {
  if (!spec.is_object()) record_.fail(field, "expected a token dict, got " + describe(spec));
  TokenSpec out;
  for (const auto& [key, value] : spec.items()) {
    const std::string path = io::JsonRecord::key(field, key.c_str());
    if (key == "OP" || key == "op") {
      out.quantifier = parseQuantifier(value, path);
      continue;
    }
    const auto attribute = attributeNamed(key);
    if (!attribute) {
      const std::string why = missingAttributeReason(key);
      record_.fail(path, why.empty() ? "unknown token attribute \"" + key +
                                           "\" (known: " + attributeNames() + ", OP)"
                                     : why);
    }
    parseValue(*attribute, value, path, out.tests);
  }
  return out;
}

void TokenPatternParser::parseValue(TokenAttribute attribute, const Json& value,
                                    const std::string& field,
                                    std::vector<AttributeTest>& tests) const {
  const AttributeKind kind = kindOf(attribute);
  if (kind == AttributeKind::Flag) {
    if (!value.is_boolean()) record_.fail(field, "expected true or false, got " + describe(value));
    tests.push_back({attribute, Op::Equal, {}, {value.get<bool>() ? 1.0 : 0.0}, {}});
    return;
  }
  if (value.is_object()) {
    if (value.empty()) record_.fail(field, "expected a value or an operator ({\"IN\": [...]})");
    for (const auto& [op, operand] : value.items()) {
      // spaCy reads operator names in any case ("regex", "in").
      std::string name = op;
      for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      parseOperator(attribute, name, operand, io::JsonRecord::key(field, op.c_str()), tests);
    }
    return;
  }
  AttributeTest t{attribute, Op::Equal, {}, {}, {}};
  if (kind == AttributeKind::String)
    t.strings.push_back(stringValue(value, field));
  else
    t.numbers.push_back(numberValue(value, field));
  tests.push_back(std::move(t));
}

void TokenPatternParser::parseOperator(TokenAttribute attribute, const std::string& op,
                                       const Json& value, const std::string& field,
                                       std::vector<AttributeTest>& tests) const {
  const bool isString = kindOf(attribute) == AttributeKind::String;
  AttributeTest t{attribute, Op::Equal, {}, {}, {}};
  if (op == "IN" || op == "NOT_IN") {
    t.op = op == "IN" ? Op::In : Op::NotIn;
    if (!value.is_array()) record_.fail(field, "expected a list, got " + describe(value));
    for (size_t i = 0; i < value.size(); ++i) {
      const std::string item = io::JsonRecord::index(field, i);
      if (isString)
        t.strings.push_back(stringValue(value[i], item));
      else
        t.numbers.push_back(numberValue(value[i], item));
    }
  } else if (op == "REGEX") {
    if (!isString)
      record_.fail(field, std::string("REGEX tests text; ") + nameOf(attribute) + " is a number");
    t.op = Op::Regex;
    if (value.is_object()) {
      // spaCy's regex sets: {"REGEX": {"IN": [...]}} (any matches), NOT_IN (none does).
      if (value.size() != 1 || !(value.contains("IN") || value.contains("NOT_IN")))
        record_.fail(field,
                     "expected a regular expression, or {\"IN\": [...]} or "
                     "{\"NOT_IN\": [...]} of them");
      const bool in = value.contains("IN");
      if (!in) t.op = Op::NotRegex;
      const std::string listField = io::JsonRecord::key(field, in ? "IN" : "NOT_IN");
      const Json& list = value.at(in ? "IN" : "NOT_IN");
      if (!list.is_array()) record_.fail(listField, "expected a list, got " + describe(list));
      if (list.size() > kMaxRegexes)
        record_.fail(listField, "a list of " + std::to_string(list.size()) +
                                    " regular expressions; at most " + std::to_string(kMaxRegexes));
      for (size_t i = 0; i < list.size(); ++i) {
        const std::string item = io::JsonRecord::index(listField, i);
        t.regexes.push_back(compileRegex(stringValue(list[i], item), item));
      }
    } else {
      t.regexes.push_back(compileRegex(stringValue(value, field), field));
    }
  } else if (comparison(op, t.op)) {
    if (isString)
      record_.fail(field, "\"" + op + "\" compares numbers; " + nameOf(attribute) +
                              " is text (use the value itself, IN or REGEX)");
    t.numbers.push_back(numberValue(value, field));
  } else if (op == "FUZZY" || op.rfind("FUZZY", 0) == 0 || op == "IS_SUBSET" ||
             op == "IS_SUPERSET" || op == "INTERSECTS") {
    record_.fail(field, "the " + op + " operator is not supported (use IN, NOT_IN, REGEX" +
                            std::string(isString ? ")" : ", ==, !=, <, <=, >, >=)"));
  } else {
    record_.fail(field, "unknown operator \"" + op + "\" (known: IN, NOT_IN" +
                            std::string(isString ? ", REGEX)" : ", ==, !=, <, <=, >, >=)"));
  }
  tests.push_back(std::move(t));
}

Quantifier TokenPatternParser::parseQuantifier(const Json& op, const std::string& field) const {
  const std::string s = stringValue(op, field);
  if (s == "!") return {Quantifier::Kind::Not, 1, 1};
  if (s == "?") return {Quantifier::Kind::Optional, 0, 1};
  if (s == "*") return {Quantifier::Kind::Star, 0, -1};
  if (s == "+") return {Quantifier::Kind::Plus, 1, -1};
  if (s == "1") return {Quantifier::Kind::One, 1, 1};
  // spaCy's counted forms: {n}, {n,m}, {n,}, {,m}.
  static const std::regex kRange(R"(\{(\d{0,4})(,?)(\d{0,4})\})");
  std::smatch m;
  if (std::regex_match(s, m, kRange) && (m[1].length() || m[3].length())) {
    const int lo = m[1].length() ? std::stoi(m[1]) : 0;
    const int hi = m[2].length() ? (m[3].length() ? std::stoi(m[3]) : -1) : lo;
    if (hi != -1 && hi < lo) record_.fail(field, "\"" + s + "\": the maximum is below the minimum");
    if (hi == 0) record_.fail(field, "\"" + s + "\" matches nothing (use \"!\" to forbid a token)");
    if (lo > kMaxRepeat || hi > kMaxRepeat)
      record_.fail(field, "\"" + s + "\": a counted OP repeats a token at most " +
                              std::to_string(kMaxRepeat) + " times (use \"*\" or \"+\" for more)");
    return {Quantifier::Kind::Range, lo, hi};
  }
  record_.fail(field, "unknown OP \"" + s + "\" (known: !, ?, *, +, {n}, {n,m}, {n,}, {,m})");
}

std::shared_ptr<const re2::RE2> TokenPatternParser::compileRegex(const std::string& expr,
                                                                 const std::string& field) const {
  RE2::Options options;
  options.set_log_errors(false);
  auto re = std::make_shared<const RE2>(expr, options);
  if (!re->ok())
    record_.fail(field, "RE2 cannot compile " + Json(expr).dump() + ": " + re->error() +
                            " (RE2 has no backreferences or lookaround)");
  return re;
}

std::string TokenPatternParser::stringValue(const Json& v, const std::string& field) const {
  if (!v.is_string()) record_.fail(field, "expected a string, got " + describe(v));
  return v.get<std::string>();
}

double TokenPatternParser::numberValue(const Json& v, const std::string& field) const {
  if (!v.is_number() || v.is_boolean())
    record_.fail(field, "expected a number, got " + describe(v));
  const double d = v.get<double>();
  if (!std::isfinite(d)) record_.fail(field, "expected a finite number");
  return d;
}

}  // namespace spanforge::patterns
