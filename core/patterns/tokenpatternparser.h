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
  explicit TokenPatternParser(const io::JsonRecord& record) : record_(record) {}

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
