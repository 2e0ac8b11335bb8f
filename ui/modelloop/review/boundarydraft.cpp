#include "modelloop/review/boundarydraft.h"

#include "text/utf8.h"

#include <algorithm>

namespace spanforge::ui {

void BoundaryDraft::start(const store::ReviewItem& item, const std::string& text,
                          const std::vector<text::Token>& tokens) {
  item_ = item;
  original_ = item.span;
  text_ = text;
  tokens_ = tokens;
  // The tokens the span covers (a span off token boundaries grows to them).
  first_ = 0;
  while (first_ < tokens_.size() && tokens_[first_].end <= item.span.start) ++first_;
  last_ = first_;
  while (last_ < tokens_.size() && tokens_[last_].start < item.span.end) ++last_;
  active_ = last_ > first_;
}

bool BoundaryDraft::moveStart(int delta) {
  if (!active_) return false;
  if (delta < 0 ? first_ == 0 : first_ + 1 >= last_) return false;
  first_ = delta < 0 ? first_ - 1 : first_ + 1;
  updateContext();
  return true;
}

bool BoundaryDraft::moveEnd(int delta) {
  if (!active_) return false;
  if (delta < 0 ? last_ <= first_ + 1 : last_ >= tokens_.size()) return false;
  last_ = delta < 0 ? last_ - 1 : last_ + 1;
  updateContext();
  return true;
}

void BoundaryDraft::updateContext() {
  const text::OffsetMap map(text_);
  item_.span.start = tokens_[first_].start;
  item_.span.end = tokens_[last_ - 1].end;
  const int64_t from = std::max<int64_t>(0, item_.span.start - store::ReviewQueue::kContext);
  const int64_t to = std::min(map.codePoints(), item_.span.end + store::ReviewQueue::kContext);
  item_.before = std::string(map.slice(text_, from, item_.span.start));
  item_.text = std::string(map.slice(text_, item_.span.start, item_.span.end));
  item_.after = std::string(map.slice(text_, item_.span.end, to));
}

}  // namespace spanforge::ui
