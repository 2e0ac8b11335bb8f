#include "transformer/bytelevelbpetokenizer.h"

#include "io/jsonrecord.h"
#include "text/utf8.h"
#include "transformer/bytelevelsplit.h"
#include "transformer/modelfile.h"
#include "transformer/modelfoldererror.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace spanforge::transformer {
namespace {

std::string readAll(const std::string& path) {
  return readModelFile(path, ModelFileLimits::kMaxTokenizerBytes);
}

}  // namespace

ByteLevelBpeTokenizer ByteLevelBpeTokenizer::fromFiles(const std::string& vocabJson,
                                                       const std::string& mergesTxt,
                                                       Options options) {
  std::unordered_map<std::string, int32_t> vocabulary;
  try {
    const std::string text = readAll(vocabJson);
    if (io::JsonRecord::findTooDeep(text) != std::string::npos)
      throw ModelFolderError(vocabJson + ": nested too deep for a vocabulary");
    const nlohmann::json vocab = nlohmann::json::parse(text);
    if (!vocab.is_object()) throw ModelFolderError(vocabJson + ": not an object of token ids");
    if (vocab.size() > static_cast<size_t>(ModelFileLimits::kMaxVocabulary))
      throw ModelFolderError(vocabJson + ": more than " +
                             std::to_string(ModelFileLimits::kMaxVocabulary) + " tokens");
    for (auto it = vocab.begin(); it != vocab.end(); ++it)
      vocabulary.emplace(it.key(), it.value().get<int32_t>());
  } catch (const nlohmann::json::exception& e) {
    throw ModelFolderError(vocabJson + ": not a vocabulary of token ids (" + e.what() + ")");
  }
  if (vocabulary.empty()) throw ModelFolderError(vocabJson + ": the vocabulary is empty");
  std::istringstream in(readAll(mergesTxt));
  std::vector<std::string> merges;
  int line = 0;
  for (std::string l; std::getline(in, l);) {
    ++line;
    if (!l.empty() && l.back() == '\r') l.pop_back();
    if (l.empty() || (line == 1 && l.rfind("#version", 0) == 0)) continue;
    const size_t space = l.find(' ');
    if (space == std::string::npos || space == 0 || space + 1 == l.size() ||
        l.find(' ', space + 1) != std::string::npos)
      throw ModelFolderError(mergesTxt + ": line " + std::to_string(line) +
                             ": not two symbols separated by one space");
    merges.push_back(l);
    if (merges.size() > static_cast<size_t>(ModelFileLimits::kMaxVocabulary))
      throw ModelFolderError(mergesTxt + ": more than " +
                             std::to_string(ModelFileLimits::kMaxVocabulary) + " merges");
  }
  return ByteLevelBpeTokenizer(std::move(vocabulary), merges, options);
}

ByteLevelBpeTokenizer::ByteLevelBpeTokenizer(std::unordered_map<std::string, int32_t> vocabulary,
                                             const std::vector<std::string>& merges,
                                             Options options)
    : options_(options), ids_(std::move(vocabulary)) {
  for (size_t rank = 0; rank < merges.size(); ++rank)
    ranks_.emplace(merges[rank], static_cast<int32_t>(rank));  // a repeat keeps its first rank
  // GPT-2's table: printable Latin-1 bytes stand for themselves, the rest
  // take the code points from 256 on, in byte order.
  int next = 256;
  for (int b = 0; b < 256; ++b) {
    const bool printable = (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || b >= 174;
    byteChar_[b] = text::encodeUtf8(std::u32string(1, static_cast<char32_t>(printable ? b : next)));
    if (!printable) ++next;
  }
  setSpecial("<s>", "</s>", "<pad>", "<unk>", "<mask>");
}

int32_t ByteLevelBpeTokenizer::id(const std::string& token) const {
  const auto it = ids_.find(token);
  return it == ids_.end() ? -1 : it->second;
}

std::vector<std::pair<size_t, size_t>> ByteLevelBpeTokenizer::merge(
    const std::vector<std::string>& chars) const {
  std::vector<std::pair<size_t, size_t>> sym;
  std::vector<std::string> text;
  for (size_t i = 0; i < chars.size(); ++i) {
    sym.emplace_back(i, i + 1);
    text.push_back(chars[i]);
  }
  while (sym.size() > 1) {
    int32_t best = std::numeric_limits<int32_t>::max();
    size_t at = 0;
    for (size_t i = 0; i + 1 < sym.size(); ++i) {
      const auto it = ranks_.find(text[i] + " " + text[i + 1]);
      if (it != ranks_.end() && it->second < best) {
        best = it->second;
        at = i;
      }
    }
    if (best == std::numeric_limits<int32_t>::max()) break;
    // Every occurrence of the best pair, left to right, as GPT-2 merges.
    const std::string a = text[at], b = text[at + 1];
    std::vector<std::pair<size_t, size_t>> nextSym;
    std::vector<std::string> nextText;
    for (size_t i = 0; i < sym.size(); ++i) {
      if (i + 1 < sym.size() && text[i] == a && text[i + 1] == b) {
        nextSym.emplace_back(sym[i].first, sym[i + 1].second);
        nextText.push_back(a + b);
        ++i;
      } else {
        nextSym.push_back(sym[i]);
        nextText.push_back(text[i]);
      }
    }
    sym.swap(nextSym);
    text.swap(nextText);
  }
  return sym;
}

std::vector<Subword> ByteLevelBpeTokenizer::encode(const std::string& utf8) const {
  std::u32string cps = text::decodeUtf8(utf8);
  int64_t shift = 0;  // the prefix space is no character of the text
  if (options_.addPrefixSpace && (cps.empty() || cps.front() != U' ')) {
    cps.insert(cps.begin(), U' ');
    shift = 1;
  }
  std::vector<Subword> out;
  for (const auto& [begin, end] : byteLevelSplit(cps)) {
    // The piece's bytes as printable characters, each knowing its code point.
    std::vector<std::string> chars;
    std::vector<int64_t> origin;
    for (size_t i = begin; i < end; ++i) {
      std::string bytes;
      text::appendUtf8(bytes, cps[i]);
      for (unsigned char byte : bytes) {
        chars.push_back(byteChar_[byte]);
        origin.push_back(static_cast<int64_t>(i));
      }
    }
    for (const auto& [first, last] : merge(chars)) {
      std::string token;
      for (size_t k = first; k < last; ++k) token += chars[k];
      int64_t start = origin[first];
      const int64_t stop = origin[last - 1] + 1;
      while (start < stop - 1 && cps[static_cast<size_t>(start)] == U' ') ++start;
      out.push_back({id(token), std::max<int64_t>(start - shift, 0), stop - shift});
    }
  }
  return out;
}

}  // namespace spanforge::transformer
