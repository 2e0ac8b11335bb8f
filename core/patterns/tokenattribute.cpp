#include "patterns/tokenattribute.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace spanforge::patterns {
namespace {

constexpr std::array<std::pair<TokenAttribute, const char*>, 16> kNames{{
    {TokenAttribute::Orth, "ORTH"},
    {TokenAttribute::Text, "TEXT"},
    {TokenAttribute::Lower, "LOWER"},
    {TokenAttribute::Length, "LENGTH"},
    {TokenAttribute::Shape, "SHAPE"},
    {TokenAttribute::IsAlpha, "IS_ALPHA"},
    {TokenAttribute::IsAscii, "IS_ASCII"},
    {TokenAttribute::IsDigit, "IS_DIGIT"},
    {TokenAttribute::IsLower, "IS_LOWER"},
    {TokenAttribute::IsUpper, "IS_UPPER"},
    {TokenAttribute::IsTitle, "IS_TITLE"},
    {TokenAttribute::IsPunct, "IS_PUNCT"},
    {TokenAttribute::IsSpace, "IS_SPACE"},
    {TokenAttribute::LikeNum, "LIKE_NUM"},
    {TokenAttribute::LikeUrl, "LIKE_URL"},
    {TokenAttribute::LikeEmail, "LIKE_EMAIL"},
}};

std::string upper(std::string_view s) {
  std::string u(s);
  std::transform(u.begin(), u.end(), u.begin(), [](unsigned char c) { return std::toupper(c); });
  return u;
}

}  // namespace

AttributeKind kindOf(TokenAttribute attribute) {
  switch (attribute) {
    case TokenAttribute::Orth:
    case TokenAttribute::Text:
    case TokenAttribute::Lower:
    case TokenAttribute::Shape:
      return AttributeKind::String;
    case TokenAttribute::Length:
      return AttributeKind::Integer;
    default:
      return AttributeKind::Flag;
  }
}

const char* nameOf(TokenAttribute attribute) {
  for (const auto& [a, name] : kNames)
    if (a == attribute) return name;
  return "?";
}

std::optional<TokenAttribute> attributeNamed(std::string_view name) {
  const std::string u = upper(name);
  for (const auto& [a, n] : kNames)
    if (u == n) return a;
  return std::nullopt;
}

std::string attributeNames() {
  std::string all;
  for (const auto& [a, n] : kNames) all += (all.empty() ? "" : ", ") + std::string(n);
  return all;
}

std::string missingAttributeReason(std::string_view name) {
  const std::string u = upper(name);
  if (u == "POS" || u == "TAG") return u + " needs a part-of-speech tagger, which Spanforge lacks";
  if (u == "MORPH") return u + " needs a morphologizer, which Spanforge lacks";
  if (u == "LEMMA") return u + " needs a lemmatizer, which Spanforge lacks";
  if (u == "DEP" || u == "HEAD") return u + " needs a dependency parser, which Spanforge lacks";
  if (u == "ENT_TYPE" || u == "ENT_IOB" || u == "ENT_ID" || u == "ENT_KB_ID")
    return u + " needs spaCy's entity annotations, which these patterns run before";
  if (u == "SENT_START" || u == "IS_SENT_START" || u == "IS_SENT_END")
    return u + " needs a sentence segmenter, which Spanforge's patterns do not use";
  if (u == "NORM" || u == "PREFIX" || u == "SUFFIX" || u == "IS_STOP" || u == "IS_OOV" ||
      u == "IS_BRACKET" || u == "IS_QUOTE" || u == "IS_LEFT_PUNCT" || u == "IS_RIGHT_PUNCT" ||
      u == "IS_CURRENCY" || u == "SPACY" || u == "LANG" || u == "CLUSTER")
    return u + " is a spaCy attribute Spanforge does not compute";
  if (u == "_") return "custom extension attributes (\"_\") exist only inside spaCy";
  return {};
}

}  // namespace spanforge::patterns
