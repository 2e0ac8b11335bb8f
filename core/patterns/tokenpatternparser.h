#pragma once

#include "patterns/tokenspec.h"

#include <nlohmann/json_fwd.hpp>

#include <memory>
#include <string>
#include <vector>

namespace spanforge::io {
class JsonRecord;
}

namespace spanforge::patterns {

// Reads a spaCy token pattern (a JSON array of token dicts) and checks it as
// spaCy's pattern schema does: known attributes with values of their type,
// the value operators each allows, an "OP" spaCy knows, REGEX that RE2 compiles.
// Faults throw io::InputError naming the file, line and field
// ("pattern[1].LOWER.IN[0]: expected a string, got number 3").
class TokenPatternParser {
 public:
  // Limits that keep matching bounded whatever a shared file says: a counted
  // OP ({n,m}) repeats at most kMaxRepeat times, a pattern unrolls to at most
  // kMaxStates token states (the matcher's NFA), and it holds at most
  // kMaxRegexes regular expressions (REGEX IN lists included).
  static constexpr int kMaxRepeat = 100;
  static constexpr int kMaxStates = 256;
  static constexpr size_t kMaxRegexes = 1000;

  explicit TokenPatternParser(const io::JsonRecord& record) : record_(record) {}

  // The NFA states `spec` unrolls to: "+" is two, {2,5} five, {2,} three.
  static int statesOf(const Quantifier& q);

  std::vector<TokenSpec> parse(const nlohmann::json& pattern, const std::string& field) const;

 private:
  TokenSpec parseSpec(const nlohmann::json& spec, const std::string& field) const;
  void parseValue(TokenAttribute attribute, const nlohmann::json& value, const std::string& field,
                  std::vector<AttributeTest>& tests) const;
  void parseOperator(TokenAttribute attribute, const std::string& op, const nlohmann::json& value,
                     const std::string& field, std::vector<AttributeTest>& tests) const;
  Quantifier parseQuantifier(const nlohmann::json& op, const std::string& field) const;
  std::shared_ptr<const re2::RE2> compileRegex(const std::string& expr,
                                               const std::string& field) const;
  std::string stringValue(const nlohmann::json& v, const std::string& field) const;
  double numberValue(const nlohmann::json& v, const std::string& field) const;

  const io::JsonRecord& record_;
};

}  // namespace spanforge::patterns
