#include "patterns/tokensequence.h"

#include "patterns/lexicalattributes.h"

namespace spanforge::patterns {
namespace {

bool computeFlag(std::string_view w, TokenAttribute attribute) {
  switch (attribute) {
    case TokenAttribute::IsAlpha:
      return isAlpha(w);
    case TokenAttribute::IsAscii:
      return isAscii(w);
    case TokenAttribute::IsDigit:
      return isDigit(w);
    case TokenAttribute::IsLower:
      return isLower(w);
    case TokenAttribute::IsUpper:
      return isUpper(w);
    case TokenAttribute::IsTitle:
      return isTitle(w);
    case TokenAttribute::IsPunct:
      return isPunct(w);
    case TokenAttribute::IsSpace:
      return isSpace(w);
    case TokenAttribute::LikeNum:
      return likeNum(w);
    case TokenAttribute::LikeUrl:
      return likeUrl(w);
    case TokenAttribute::LikeEmail:
      return likeEmail(w);
    default:
      return false;
  }
}

}  // namespace

TokenSequence::TokenSequence(std::vector<std::string_view> words)
    : words_(std::move(words)), derived_(words_.size()) {}

std::string_view TokenSequence::lower(size_t i) const {
  Derived& d = derived_[i];
  if (!d.hasLower) {
    d.lower = lowerOf(words_[i]);
    d.hasLower = true;
  }
  return d.lower;
}

std::string_view TokenSequence::shape(size_t i) const {
  Derived& d = derived_[i];
  if (!d.hasShape) {
    d.shape = shapeOf(words_[i]);
    d.hasShape = true;
  }
  return d.shape;
}

int64_t TokenSequence::length(size_t i) const {
  Derived& d = derived_[i];
  if (d.length < 0) d.length = lengthOf(words_[i]);
  return d.length;
}

bool TokenSequence::flag(size_t i, TokenAttribute attribute) const {
  Derived& d = derived_[i];
  const uint32_t bit = 1u << static_cast<unsigned>(attribute);
  if (!(d.flagsKnown & bit)) {
    if (computeFlag(words_[i], attribute)) d.flags |= bit;
    d.flagsKnown |= bit;
  }
  return d.flags & bit;
}

std::string_view TokenSequence::text(size_t i, TokenAttribute attribute) const {
  switch (attribute) {
    case TokenAttribute::Lower:
      return lower(i);
    case TokenAttribute::Shape:
      return shape(i);
    default:
      return words_[i];
  }
}

}  // namespace spanforge::patterns
