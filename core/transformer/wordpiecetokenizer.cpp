#include "transformer/wordpiecetokenizer.h"

#include "text/charclass.h"
#include "text/utf8.h"
#include "transformer/modelfile.h"
#include "transformer/modelfoldererror.h"

#include <sstream>
#include <stdexcept>

namespace spanforge::transformer {

WordPieceTokenizer WordPieceTokenizer::fromVocabFile(const std::string& path, Options options) {
  std::istringstream in(readModelFile(path, ModelFileLimits::kMaxTokenizerBytes));
  std::vector<std::string> tokens;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    tokens.push_back(line);
    if (tokens.size() > static_cast<size_t>(ModelFileLimits::kMaxVocabulary))
      throw ModelFolderError(path + ": more than " +
                             std::to_string(ModelFileLimits::kMaxVocabulary) +
                             " tokens; Spanforge reads at most that many");
  }
  if (tokens.empty()) throw ModelFolderError(path + ": the vocabulary is empty");
  try {
    return WordPieceTokenizer(std::move(tokens), std::move(options));
  } catch (const std::exception& e) {
    throw ModelFolderError(path + ": " + e.what());
  }
}

WordPieceTokenizer::WordPieceTokenizer(std::vector<std::string> vocabulary, Options options)
    : options_(std::move(options)),
      normalizer_(options_.normalizer),
      tokens_(std::move(vocabulary)) {
  for (size_t i = 0; i < tokens_.size(); ++i) {
    if (!ids_.emplace(tokens_[i], static_cast<int32_t>(i)).second && !tokens_[i].empty())
      throw ModelFolderError("line " + std::to_string(i + 1) + ": '" + tokens_[i] +
                             "' is listed twice");
  }
  unknown_ = id(options_.unknown);
  if (unknown_ < 0)
    throw ModelFolderError("no unknown token '" + options_.unknown + "' in the vocabulary");
  setSpecial("[CLS]", "[SEP]", "[PAD]", options_.unknown, "[MASK]");
}

int32_t WordPieceTokenizer::id(const std::string& token) const {
  const auto it = ids_.find(token);
  return it == ids_.end() ? -1 : it->second;
}

std::vector<Subword> WordPieceTokenizer::encode(const std::string& utf8) const {
  const BertNormalizer::Result n = normalizer_.normalize(text::decodeUtf8(utf8));
  std::vector<Subword> out;
  size_t start = 0;
  const auto flush = [&](size_t end) {
    if (end > start) encodeWord(n.text, n.origin, start, end, out);
  };
  for (size_t i = 0; i < n.text.size(); ++i) {
    const char32_t c = n.text[i];
    if (text::isWhiteSpace(c)) {
      flush(i);
      start = i + 1;
    } else if (BertNormalizer::isPunctuation(c)) {
      flush(i);
      encodeWord(n.text, n.origin, i, i + 1, out);
      start = i + 1;
    }
  }
  flush(n.text.size());
  return out;
}

void WordPieceTokenizer::encodeWord(const std::u32string& text, const std::vector<int64_t>& origin,
                                    size_t begin, size_t end, std::vector<Subword>& out) const {
  const auto whole = [&] { return Subword{unknown_, origin[begin], origin[end - 1] + 1}; };
  if (end - begin > options_.maxWordChars) {
    out.push_back(whole());
    return;
  }
  std::vector<Subword> pieces;
  std::string candidate;
  for (size_t pos = begin; pos < end;) {
    int32_t found = -1;
    size_t stop = end;
    for (; stop > pos; --stop) {
      candidate = pos == begin ? std::string() : options_.prefix;
      candidate += text::encodeUtf8(text.substr(pos, stop - pos));
      found = id(candidate);
      if (found >= 0) break;
    }
    if (found < 0) {
      out.push_back(whole());
      return;
    }
    pieces.push_back({found, origin[pos], origin[stop - 1] + 1});
    pos = stop;
  }
  out.insert(out.end(), pieces.begin(), pieces.end());
}

}  // namespace spanforge::transformer
