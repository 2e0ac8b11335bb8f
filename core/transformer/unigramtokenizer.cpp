#include "transformer/unigramtokenizer.h"

#include "text/utf8.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace spanforge::transformer {
namespace {

constexpr float kUnknownPenalty = 10.0f;  // SentencePiece's kUnkPenalty

// The normalized text is valid UTF-8; a stray byte would count as one.
size_t charBytes(std::string_view s, size_t i) {
  return std::max<size_t>(1, text::charLengthAt(s, i));
}

}  // namespace

UnigramTokenizer::UnigramTokenizer(std::vector<Piece> vocabulary, int32_t unknownId,
                                   const std::vector<std::string>& reserved,
                                   SentencePieceNormalizer normalizer)
    : pieces_(std::move(vocabulary)), unknown_(unknownId), normalizer_(std::move(normalizer)) {
  if (unknownId < 0 || static_cast<size_t>(unknownId) >= pieces_.size())
    throw std::invalid_argument("the unknown piece's id " + std::to_string(unknownId) +
                                " is outside the vocabulary of " + std::to_string(pieces_.size()));
  float lowest = std::numeric_limits<float>::infinity();
  for (size_t i = 0; i < pieces_.size(); ++i) {
    const Piece& p = pieces_[i];
    all_.emplace(p.text, static_cast<int32_t>(i));
    const bool special = static_cast<int32_t>(i) == unknownId ||
                         std::find(reserved.begin(), reserved.end(), p.text) != reserved.end();
    if (special || p.text.empty()) continue;
    ids_.emplace(p.text, static_cast<int32_t>(i));
    lowest = std::min(lowest, p.score);
    longest_ = std::max(longest_, p.text.size());
  }
  unknownScore_ = (ids_.empty() ? 0.0f : lowest) - kUnknownPenalty;
}

int32_t UnigramTokenizer::id(const std::string& token) const {
  const auto it = all_.find(token);
  return it == all_.end() ? -1 : it->second;
}

// SentencePiece's EncodeOptimized: pieces are tried from the shortest, and
// a later one replaces the best path to its end only when it scores higher.
// Scores are summed in float as there, which decides near-ties (a run of
// "aaaa" pieces) as SentencePiece does.
std::vector<std::pair<size_t, int32_t>> UnigramTokenizer::viterbi(std::string_view text,
                                                                  size_t begin, size_t end) const {
  struct Node {
    float score = 0.0f;
    size_t from = std::string::npos;  // npos: not reached
    int32_t id = -1;
  };
  std::vector<Node> best(end - begin + 1);
  best[0].from = 0;
  for (size_t s = begin; s < end; s += charBytes(text, s)) {
    const Node& here = best[s - begin];
    if (here.from == std::string::npos) continue;
    const size_t single = std::min(end - s, charBytes(text, s));
    bool covered = false;
    for (size_t e = s + single; e <= std::min(end, s + longest_);
         e += e < end ? charBytes(text, e) : 1) {
      const auto it = ids_.find(std::string(text.substr(s, e - s)));
      if (it == ids_.end()) continue;
      const float score = here.score + pieces_[static_cast<size_t>(it->second)].score;
      Node& there = best[e - begin];
      if (there.from == std::string::npos || score > there.score) there = {score, s, it->second};
      covered = covered || e == s + single;
    }
    if (covered) continue;
    const float score = here.score + unknownScore_;
    Node& there = best[s + single - begin];
    if (there.from == std::string::npos || score > there.score) there = {score, s, unknown_};
  }
  std::vector<std::pair<size_t, int32_t>> out;
  for (size_t e = end; e > begin; e = best[e - begin].from) {
    const Node& n = best[e - begin];
    if (n.id == unknown_ && !out.empty() && out.back().second == unknown_)
      continue;  // a run of unknown characters is one piece
    out.emplace_back(e, n.id);
  }
  std::reverse(out.begin(), out.end());
  return out;
}

std::vector<Subword> UnigramTokenizer::encode(const std::string& utf8) const {
  const NormalizedText n = normalizer_.normalize(utf8);
  const std::string_view text = n.text;
  const std::string_view space = SentencePieceNormalizer::kSpace;
  std::vector<Subword> out;
  size_t word = 0;
  while (word < text.size()) {
    size_t next = text.find(space, word + space.size());
    if (next == std::string_view::npos) next = text.size();
    size_t from = word;
    for (const auto& [to, id] : viterbi(text, word, next)) {
      Subword w{id, -1, -1};
      for (size_t b = from; b < to; ++b) {
        if (n.start[b] < 0) continue;  // the word's "▁"
        if (w.start < 0) w.start = n.start[b];
        w.end = std::max(w.end, n.end[b]);
      }
      if (w.start < 0) {  // only "▁": empty, where the word's text starts
        const size_t after = to < text.size() ? to : from;
        w.start = w.end = n.start[after] >= 0 ? n.start[after] : 0;
      }
      out.push_back(w);
      from = to;
    }
    word = next;
  }
  return out;
}

}  // namespace spanforge::transformer
