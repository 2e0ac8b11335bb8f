#include "model/tagset.h"

#include <algorithm>
#include <stdexcept>

namespace spanforge::model {

TagSet::TagSet(std::vector<std::string> labels, text::TagScheme scheme)
    : labels_(std::move(labels)), scheme_(scheme) {
  if (scheme_ == text::TagScheme::IOB1)
    throw std::invalid_argument("the model predicts IOB2 or BILUO tags, not IOB1");
  const std::string prefixes = scheme_ == text::TagScheme::BILUO ? "BILU" : "BI";
  tags_.push_back("O");
  prefix_.push_back('O');
  label_.push_back(-1);
  for (size_t l = 0; l < labels_.size(); ++l) {
    const std::string& label = labels_[l];
    if (label.empty()) throw std::invalid_argument("empty entity label");
    if (label.find_first_of(" \t\r\n") != std::string::npos)
      throw std::invalid_argument("entity label \"" + label + "\" contains whitespace");
    if (std::find(labels_.begin(), labels_.begin() + static_cast<std::ptrdiff_t>(l), label) !=
        labels_.begin() + static_cast<std::ptrdiff_t>(l))
      throw std::invalid_argument("duplicate entity label \"" + label + "\"");
    for (char p : prefixes) {
      tags_.push_back(std::string(1, p) + "-" + label);
      prefix_.push_back(p);
      label_.push_back(static_cast<int64_t>(l));
    }
  }
}

int64_t TagSet::index(std::string_view tag) const {
  const auto it = std::find(tags_.begin(), tags_.end(), tag);
  return it == tags_.end() ? -1 : static_cast<int64_t>(it - tags_.begin());
}

int64_t TagSet::labelIndex(std::string_view label) const {
  const auto it = std::find(labels_.begin(), labels_.end(), label);
  return it == labels_.end() ? -1 : static_cast<int64_t>(it - labels_.begin());
}

int64_t TagSet::tagOf(char prefix, int64_t label) const {
  if (prefix == 'O') return 0;
  const std::string_view order = scheme_ == text::TagScheme::BILUO ? "BILU" : "BI";
  const size_t p = order.find(prefix);
  if (p == std::string_view::npos || label < 0 || label >= static_cast<int64_t>(labels_.size()))
    return -1;
  return 1 + label * static_cast<int64_t>(order.size()) + static_cast<int64_t>(p);
}

bool TagSet::allowedStart(int64_t to) const {
  const char p = prefix(to);
  return p == 'O' || p == 'B' || p == 'U';
}

bool TagSet::allowedEnd(int64_t from) const {
  if (scheme_ == text::TagScheme::IOB2) return true;
  const char p = prefix(from);
  return p == 'O' || p == 'L' || p == 'U';
}

bool TagSet::allowedTransition(int64_t from, int64_t to) const {
  const char a = prefix(from);
  const char b = prefix(to);
  const bool sameLabel = labelOf(from) == labelOf(to);
  if (scheme_ == text::TagScheme::IOB2) {
    // I-X only continues B-X or I-X.
    return b != 'I' || ((a == 'B' || a == 'I') && sameLabel);
  }
  // BILUO: inside an entity only I-X or L-X may follow; outside one, only a
  // tag that opens or is outside an entity.
  if (a == 'B' || a == 'I') return (b == 'I' || b == 'L') && sameLabel;
  return b == 'O' || b == 'B' || b == 'U';
}

std::vector<int64_t> TagSet::encode(const std::vector<text::TokenSpan>& spans,
                                    size_t tokenCount) const {
  for (const auto& s : spans) {
    if (labelIndex(s.label) < 0)
      throw std::invalid_argument("unknown entity label \"" + s.label + "\"");
  }
  const text::TagsResult r = text::spansToTags(spans, tokenCount, scheme_);
  if (!r.ok()) throw std::invalid_argument(r.errors.front().message);
  std::vector<int64_t> ids;
  ids.reserve(r.tags.size());
  for (const auto& t : r.tags) ids.push_back(index(t));
  return ids;
}

std::vector<text::TokenSpan> TagSet::decode(const std::vector<int64_t>& tags) const {
  std::vector<std::string> names;
  names.reserve(tags.size());
  for (int64_t t : tags) names.push_back(tag(t));
  return text::tagsToSpans(names, scheme_, text::TagMode::Lenient).spans;
}

std::vector<int64_t> TagSet::spanTags(int64_t label, int64_t size) const {
  std::vector<int64_t> out;
  if (size <= 0) return out;
  const bool biluo = scheme_ == text::TagScheme::BILUO;
  if (size == 1) return {tagOf(biluo ? 'U' : 'B', label)};
  out.push_back(tagOf('B', label));
  for (int64_t i = 1; i + 1 < size; ++i) out.push_back(tagOf('I', label));
  out.push_back(tagOf(biluo ? 'L' : 'I', label));
  return out;
}

}  // namespace spanforge::model
