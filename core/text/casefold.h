#pragma once

#include <string>
#include <string_view>

namespace spanforge::text {

// Unicode's full default case folding (CaseFolding.txt, through utf8proc): the
// form in which two texts that differ only in case are equal, for matching
// that ignores case. Mostly lower case, but also "ß" and "SS" fold to "ss" and
// final "ς" to "σ", which lower case alone keeps apart. Invalid UTF-8 comes
// back unchanged.
std::string foldCase(std::string_view utf8);

}  // namespace spanforge::text
