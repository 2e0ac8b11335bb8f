#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace spanforge::transformer {

// The pieces GPT-2's byte-level tokenizers (RoBERTa's too) cut a text into
// before BPE, as their regular expression does:
//   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
// hand-written over Unicode categories (utf8proc). Returns [begin, end) code
// point ranges that tile the text.
std::vector<std::pair<size_t, size_t>> byteLevelSplit(const std::u32string& text);

}  // namespace spanforge::transformer
