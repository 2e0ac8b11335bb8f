#pragma once

#include "text/tagscheme.h"
#include "text/tokenspan.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace spanforge::model {

// The tags a CRF predicts for a list of entity labels under IOB2 or BILUO,
// and which tag sequences are valid. Tag 0 is "O"; then, per label in the
// order given, B-, I- (and L-, U- for BILUO). Valid sequences correspond
// one-to-one to sets of non-overlapping spans, so a decoder restricted to
// allowed transitions always yields well-formed spans.
class TagSet {
 public:
  // Throws std::invalid_argument for IOB1, an empty or duplicate label, or a
  // label containing whitespace.
  TagSet(std::vector<std::string> labels, text::TagScheme scheme);

  text::TagScheme scheme() const { return scheme_; }
  const std::vector<std::string>& labels() const { return labels_; }
  int64_t size() const { return static_cast<int64_t>(tags_.size()); }
  const std::string& tag(int64_t i) const { return tags_.at(static_cast<size_t>(i)); }
  const std::vector<std::string>& tags() const { return tags_; }
  // -1 when unknown.
  int64_t index(std::string_view tag) const;

  // Prefix ('O', 'B', 'I', 'L', 'U') and label index (-1 for O) of a tag.
  char prefix(int64_t i) const { return prefix_.at(static_cast<size_t>(i)); }
  int64_t labelOf(int64_t i) const { return label_.at(static_cast<size_t>(i)); }
  // Tag index of PREFIX-labels()[label]; -1 when the scheme has no such prefix.
  int64_t tagOf(char prefix, int64_t label) const;

  bool allowedStart(int64_t to) const;
  bool allowedEnd(int64_t from) const;
  bool allowedTransition(int64_t from, int64_t to) const;

  // Tag ids for `tokenCount` tokens. Spans whose label is unknown, or that
  // overlap or fall outside the sentence, throw std::invalid_argument.
  std::vector<int64_t> encode(const std::vector<text::TokenSpan>& spans, size_t tokenCount) const;
  // Spans of a valid tag sequence (invalid parts are read leniently).
  std::vector<text::TokenSpan> decode(const std::vector<int64_t>& tags) const;
  // The tags of exactly one span of `size` tokens with the given label, e.g.
  // B I I L (BILUO) or B I I I (IOB2).
  std::vector<int64_t> spanTags(int64_t label, int64_t size) const;
  int64_t labelIndex(std::string_view label) const;

 private:
  std::vector<std::string> labels_;
  text::TagScheme scheme_;
  std::vector<std::string> tags_;
  std::vector<char> prefix_;
  std::vector<int64_t> label_;
};

}  // namespace spanforge::model
