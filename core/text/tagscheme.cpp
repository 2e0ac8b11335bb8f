#include "text/tagscheme.h"

#include <algorithm>
#include <cctype>
#include <numeric>

namespace spanforge::text {
namespace {

// A tag split into prefix ('O', 'B', 'I', 'L', 'U') and label; prefix 0 when
// malformed. BIOES tags are read as BILUO: E- as L-, S- as U-.
struct Tag {
  char prefix = 0;
  std::string_view label;
};

Tag parseTag(std::string_view s) {
  if (s == "O") return {'O', {}};
  if (s.size() < 3 || s[1] != '-' ||
      std::string_view("BILUES").find(s[0]) == std::string_view::npos) {
    return {};
  }
  return {s[0] == 'E' ? 'L' : s[0] == 'S' ? 'U' : s[0], s.substr(2)};
}

std::string malformedMessage(std::string_view tag, int64_t i) {
  const std::string at = " at token " + std::to_string(i);
  if (tag.empty()) return "empty tag" + at;
  if (tag.size() == 2 && tag[1] == '-')
    return "\"" + std::string(tag) + "\"" + at + " has no label";
  return "\"" + std::string(tag) + "\"" + at +
         " is not a tag (expected O or B-, I-, L-, U-, E-, S- followed by a label)";
}

bool allowed(TagScheme scheme, char prefix) {
  return scheme == TagScheme::BILUO || prefix == 'B' || prefix == 'I';
}

// Reads tags left to right, keeping at most one entity open.
class Decoder {
 public:
  Decoder(const std::vector<std::string>& tags, TagScheme scheme, TagMode mode)
      : tags_(tags), scheme_(scheme), mode_(mode) {}

  SpansResult run() {
    const auto n = static_cast<int64_t>(tags_.size());
    for (int64_t i = 0; i < n; ++i) step(i);
    endOpen(n);
    return std::move(r_);
  }

 private:
  void step(int64_t i) {
    const std::string& raw = tags_[static_cast<size_t>(i)];
    const Tag tag = parseTag(raw);
    if (tag.prefix == 0) {
      endOpen(i);
      r_.errors.push_back({i, malformedMessage(raw, i)});
      return;
    }
    const bool sameType = open_ && label_ == tag.label;
    const bool continues = sameType && (tag.prefix == 'I' || tag.prefix == 'L');
    if (!continues) endOpen(i);
    if (tag.prefix == 'O') return;
    const std::string at = raw + " at token " + std::to_string(i);
    const std::string label(tag.label);
    if (!allowed(scheme_, tag.prefix)) problem(i, at + " is not an " + toString(scheme_) + " tag");
    switch (tag.prefix) {
      case 'B':
        if (scheme_ == TagScheme::IOB1 && !sameType) {
          problem(i, at + " does not follow a " + label + " entity (IOB1 begins entities with I-)");
        }
        begin(i, tag.label);
        break;
      case 'I':
        if (continues) break;
        if (scheme_ == TagScheme::IOB2)
          problem(i, at + " " + follows(i) + " (expected B-" + label + ")");
        if (scheme_ == TagScheme::BILUO)
          problem(i, at + " without B-" + label + " (" + follows(i) + ")");
        begin(i, tag.label);
        break;
      case 'L':
        if (continues) {
          close(i + 1);
          break;
        }
        if (scheme_ == TagScheme::BILUO)
          problem(i, at + " without B-" + label + " (" + follows(i) + ")");
        r_.spans.push_back({i, i + 1, label});
        break;
      default:  // 'U'
        r_.spans.push_back({i, i + 1, label});
    }
  }

  std::string follows(int64_t i) const {
    return i == 0 ? "starts the sequence" : "follows " + tags_[static_cast<size_t>(i - 1)];
  }

  void problem(int64_t i, std::string message) {
    (mode_ == TagMode::Strict ? r_.errors : r_.repairs).push_back({i, std::move(message)});
  }

  void begin(int64_t i, std::string_view label) {
    open_ = true;
    first_ = i;
    label_ = label;
  }

  void close(int64_t end) {
    r_.spans.push_back({first_, end, std::string(label_)});
    open_ = false;
  }

  // Ends the open entity (if any) before token `i`; BILUO wants an L- there.
  void endOpen(int64_t i) {
    if (!open_) return;
    if (scheme_ == TagScheme::BILUO) {
      problem(i - 1, tags_[static_cast<size_t>(i - 1)] + " at token " + std::to_string(i - 1) +
                         " is not closed by L-" + std::string(label_));
    }
    close(i);
  }

  const std::vector<std::string>& tags_;
  TagScheme scheme_;
  TagMode mode_;
  SpansResult r_;
  bool open_ = false;
  int64_t first_ = 0;
  std::string_view label_;
};

// True when an L- or U- tag shows BILUO; sets iob1 when an I- begins an entity.
bool scanScheme(const std::vector<std::string>& tags, bool& iob1) {
  std::string_view open;  // label of the entity the previous tag was in
  for (const std::string& raw : tags) {
    const Tag t = parseTag(raw);
    if (t.prefix == 'L' || t.prefix == 'U') return true;
    if (t.prefix == 'I' && t.label != open) iob1 = true;
    open = (t.prefix == 'B' || t.prefix == 'I') ? t.label : std::string_view();
  }
  return false;
}

std::string describe(const TokenSpan& s) {
  return "span [" + std::to_string(s.first) + "," + std::to_string(s.last) + ") " + s.label;
}

}  // namespace

const char* toString(TagScheme s) {
  switch (s) {
    case TagScheme::IOB1:
      return "IOB1";
    case TagScheme::IOB2:
      return "IOB2";
    case TagScheme::BILUO:
      return "BILUO";
  }
  return "IOB2";
}

std::optional<TagScheme> parseTagScheme(std::string_view s) {
  std::string u(s);
  for (char& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (u == "IOB1") return TagScheme::IOB1;
  if (u == "IOB2" || u == "BIO") return TagScheme::IOB2;
  if (u == "BILUO" || u == "BILOU") return TagScheme::BILUO;
  return std::nullopt;
}

TagsResult spansToTags(const std::vector<TokenSpan>& spans, size_t tokenCount, TagScheme scheme) {
  TagsResult r;
  r.tags.assign(tokenCount, "O");
  std::vector<size_t> order(spans.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return std::tie(spans[a].first, spans[a].last) < std::tie(spans[b].first, spans[b].last);
  });
  const auto n = static_cast<int64_t>(tokenCount);
  const TokenSpan* prev = nullptr;
  for (size_t k : order) {
    const TokenSpan& s = spans[k];
    if (s.first < 0 || s.last > n || s.first >= s.last) {
      r.errors.push_back(
          {s.first, describe(s) + " is empty or outside the " + std::to_string(n) + " tokens"});
      continue;
    }
    if (s.label.empty()) {
      r.errors.push_back({s.first, describe(s) + " has no label"});
      continue;
    }
    if (prev && s.first < prev->last) {
      r.errors.push_back({s.first, describe(s) + " overlaps " + describe(*prev)});
      continue;
    }
    const bool adjacentSame = prev && prev->last == s.first && prev->label == s.label;
    for (int64_t i = s.first; i < s.last; ++i) {
      char p = 'I';
      if (scheme == TagScheme::BILUO) {
        p = s.size() == 1 ? 'U' : i == s.first ? 'B' : i + 1 == s.last ? 'L' : 'I';
      } else if (i == s.first && (scheme == TagScheme::IOB2 || adjacentSame)) {
        p = 'B';
      }
      r.tags[static_cast<size_t>(i)] = std::string(1, p) + "-" + s.label;
    }
    prev = &s;
  }
  return r;
}

SpansResult tagsToSpans(const std::vector<std::string>& tags, TagScheme scheme, TagMode mode) {
  return Decoder(tags, scheme, mode).run();
}

TagsResult convertTags(const std::vector<std::string>& tags, TagScheme from, TagScheme to,
                       TagMode mode) {
  SpansResult spans = tagsToSpans(tags, from, mode);
  if (mode == TagMode::Strict && !spans.ok()) return {{}, std::move(spans.errors)};
  TagsResult r = spansToTags(spans.spans, tags.size(), to);
  r.errors.insert(r.errors.begin(), spans.errors.begin(), spans.errors.end());
  return r;
}

TagScheme detectScheme(const std::vector<std::string>& tags) {
  bool iob1 = false;
  return scanScheme(tags, iob1) ? TagScheme::BILUO : iob1 ? TagScheme::IOB1 : TagScheme::IOB2;
}

TagScheme detectScheme(const std::vector<std::vector<std::string>>& sentences) {
  bool iob1 = false;
  for (const auto& tags : sentences) {
    if (scanScheme(tags, iob1)) return TagScheme::BILUO;
  }
  return iob1 ? TagScheme::IOB1 : TagScheme::IOB2;
}

}  // namespace spanforge::text
