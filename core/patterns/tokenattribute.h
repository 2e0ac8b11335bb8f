#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spanforge::patterns {

// The token attributes a pattern may test: spaCy's lexical ones, which need no
// tagger or parser (spaCy's POS, LEMMA, DEP... are refused by name).
enum class TokenAttribute {
  Orth,
  Text,
  Lower,
  Length,
  Shape,
  IsAlpha,
  IsAscii,
  IsDigit,
  IsLower,
  IsUpper,
  IsTitle,
  IsPunct,
  IsSpace,
  LikeNum,
  LikeUrl,
  LikeEmail,
};

// What an attribute's value is: text (compared as strings), a count, or a flag.
enum class AttributeKind { String, Integer, Flag };

AttributeKind kindOf(TokenAttribute attribute);
// spaCy's name ("LOWER").
const char* nameOf(TokenAttribute attribute);
// By spaCy's name, in any case ("lower", "LOWER"); nullopt when unknown.
std::optional<TokenAttribute> attributeNamed(std::string_view name);
// Every name attributeNamed accepts, for messages.
std::string attributeNames();
// Why a spaCy attribute Spanforge lacks cannot be used ("POS needs a part-of-speech
// tagger..."), or empty when the name is not one of spaCy's.
std::string missingAttributeReason(std::string_view name);

}  // namespace spanforge::patterns
